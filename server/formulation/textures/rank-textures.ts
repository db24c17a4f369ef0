import path from 'node:path';
import { z } from 'zod';
import { readDataSource, type DataProblem } from '#engine/compiler';
import type { SkeletonRecommendations, SkincareTextureProduct } from '#api';
import type { AggressorLevel, Score } from '../scoring/compute-scores';
import { loadDataFile } from '../load-data-table.ts';

const weightSchema = z.strictObject({ weight: z.number().min(0).max(100), because: z.string().min(3) });
const textureSchema = z.strictObject({ base: z.number().min(0).max(100), weights: z.record(z.string(), weightSchema) });
const texturesFileSchema = z.strictObject({ CLEANSER: z.record(z.string(), textureSchema), MOISTURIZER: z.record(z.string(), textureSchema) });
export type TexturesTable = z.infer<typeof texturesFileSchema>;

const defaultFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'textures.yaml');

/**
 * Reads textures.yaml; a weight must name a scoring dimension or `aggressor.<slug>` the formulation
 * knows (`dimensions`, `aggressors`), reported with file:line:column otherwise.
 */
export function compileTexturesSource(
  text: string,
  file: string,
  dimensions: readonly string[],
  aggressors: readonly string[],
): { table?: TexturesTable; problems: DataProblem[] } {
  const source = readDataSource(text, file, texturesFileSchema);
  if (!source.data) return { problems: source.problems };
  const problems: DataProblem[] = [];
  const known = new Set([...dimensions, ...aggressors.map((a) => `aggressor.${a}`)]);
  for (const product of ['CLEANSER', 'MOISTURIZER'] as const) {
    for (const [slug, texture] of Object.entries(source.data[product])) {
      for (const key of Object.keys(texture.weights)) {
        if (!known.has(key))
          problems.push({
            location: source.at([product, slug, 'weights', key], true),
            message: `"${key}" is no scoring dimension or aggressor. Expected one of: ${[...known].join(', ')}.`,
          });
      }
    }
  }
  return problems.length > 0 ? { problems } : { table: source.data, problems };
}

/** Loads server/formulation/textures/textures.yaml; a broken table stops with every problem listed. */
export function loadTexturesTable(dimensions: readonly string[], aggressors: readonly string[], file = defaultFile): TexturesTable {
  return loadDataFile('textures table', file, (text, shown) => compileTexturesSource(text, shown, dimensions, aggressors));
}

/** One texture's rank, its points, and the reasons that weighed most. */
export interface RankedTexture {
  skeleton_slug: string;
  rank: number;
  points: number;
  because: string[];
}

const levelShare = { low: 0, moderate: 0.5, high: 1 } as const;

/**
 * Ranks each product's textures for a profile (spec 000 §3.6; issue 4 point 6): points from the scores
 * and from the aggressors of the shopper's place at this time of year. Pure and deterministic.
 */
export function rankTextures(
  table: TexturesTable,
  scores: readonly Score[],
  aggressors: readonly AggressorLevel[],
): Record<SkincareTextureProduct, RankedTexture[]> {
  const value = new Map<string, number>();
  for (const s of scores) value.set(s.dimension, s.score);
  for (const a of aggressors) value.set(`aggressor.${a.slug}`, levelShare[a.level] * 100);
  const rank = (textures: TexturesTable['CLEANSER']): RankedTexture[] =>
    Object.entries(textures)
      .map(([slug, texture], order) => {
        const parts = Object.entries(texture.weights)
          .map(([key, w]) => ({ points: (key.startsWith('aggressor.') ? w.weight / 100 : w.weight) * (value.get(key) ?? 0), because: w.because }))
          .filter((p) => p.points > 0)
          .sort((a, b) => b.points - a.points);
        const points = Math.round(texture.base + parts.reduce((sum, p) => sum + p.points, 0));
        return { slug, order, points, because: parts.slice(0, 2).map((p) => p.because) };
      })
      .sort((a, b) => b.points - a.points || a.order - b.order)
      .map((t, index) => ({ skeleton_slug: t.slug, rank: index + 1, points: t.points, because: t.because }));
  return { CLEANSER: rank(table.CLEANSER), MOISTURIZER: rank(table.MOISTURIZER) };
}

/** The §3.6 response: each product's skeletons with their rank. */
export function skeletonRecommendationsOf(ranked: Record<SkincareTextureProduct, RankedTexture[]>): SkeletonRecommendations {
  return {
    skeleton_recommendations: (['CLEANSER', 'MOISTURIZER'] as const).map((product) => ({
      product_slug: product,
      ranked_skeletons: ranked[product].map(({ skeleton_slug, rank }) => ({ skeleton_slug, rank })),
    })),
  };
}
