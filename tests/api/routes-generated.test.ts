import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRoutes, routesFile } from '../../scripts/generate-routes';

describe('api/routes.ts, generated from api/endpoints.ts (each call declared once)', () => {
  it('is up to date: `npm run api:routes` writes it again after a change to api/endpoints.ts', async () => {
    expect(readFileSync(routesFile, 'utf8')).toBe(await renderRoutes());
  });
});
