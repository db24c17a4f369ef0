import type { PageModule } from '../../content/schema.ts';

/** The content of the module of type `T`. */
export type ModuleOf<T extends PageModule['type']> = Extract<PageModule, { type: T }>;
