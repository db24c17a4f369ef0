import { describe, expect, it } from 'vitest';
import { deriveValue } from '#engine';
import { haircare, stepOf } from './support/flows';

const runtime = haircare();
const step = (name: string) => stepOf(runtime, name);
const curlyTextures = ['type_3a', 'type_3b', 'type_3c', 'very_curly', 'frizzy', 'zigzag'];

describe('spec 000 §4.5 step inclusion rules (haircare)', () => {
  it('porosity: texture is one of 3A, 3B, 3C, 4A, 4B, 4C', () => {
    for (const t of curlyTextures) expect(step('porosity').included({ diag_hair_texture: t })).toBe(true);
    for (const t of ['smooth', 'type_2a', 'type_2b', 'type_2c', 'wavy']) expect(step('porosity').included({ diag_hair_texture: t })).toBe(false);
    expect(step('porosity').included({})).toBe(false);
  });

  it('split-ends: length is not very_short', () => {
    expect(step('split-ends').included({ diag_hair_length: 'very_short' })).toBe(false);
    for (const l of ['short', 'shoulder', 'long', 'very_long']) expect(step('split-ends').included({ diag_hair_length: l })).toBe(true);
  });

  it('color-treatments-location and -type: diag_color_treatments is true', () => {
    for (const name of ['color-treatments-location', 'color-treatments-type']) {
      expect(step(name).included({ diag_color_treatments: true })).toBe(true);
      expect(step(name).included({ diag_color_treatments: false })).toBe(false);
    }
  });

  it('color-treatments-cadence: colour true, location given, type includes permanent or bleach', () => {
    const base = { diag_color_treatments: true, diag_color_treatments_location: 'full_head' };
    expect(step('color-treatments-cadence').included({ ...base, diag_color_treatments_type: ['permanent'] })).toBe(true);
    expect(step('color-treatments-cadence').included({ ...base, diag_color_treatments_type: ['temporary', 'bleach'] })).toBe(true);
    expect(step('color-treatments-cadence').included({ ...base, diag_color_treatments_type: ['temporary'] })).toBe(false);
    expect(step('color-treatments-cadence').included({ ...base, diag_color_treatments: false, diag_color_treatments_type: ['bleach'] })).toBe(false);
    expect(step('color-treatments-cadence').included({ diag_color_treatments: true, diag_color_treatments_type: ['bleach'] })).toBe(false);
  });

  it('other-treatments-cadence: other treatments include relaxer or perm', () => {
    expect(step('other-treatments-cadence').included({ diag_other_treatments: ['relaxer'] })).toBe(true);
    expect(step('other-treatments-cadence').included({ diag_other_treatments: ['keratin', 'perm'] })).toBe(true);
    expect(step('other-treatments-cadence').included({ diag_other_treatments: ['keratin'] })).toBe(false);
    expect(step('other-treatments-cadence').included({ diag_other_treatments: ['none'] })).toBe(false);
  });

  it('styles-cadence: styling includes straightener or curling', () => {
    expect(step('styles-cadence').included({ diag_styling: ['shampoo', 'curling'] })).toBe(true);
    expect(step('styles-cadence').included({ diag_styling: ['straightener'] })).toBe(true);
    expect(step('styles-cadence').included({ diag_styling: ['hair_dryer'] })).toBe(false);
  });

  it('hold-level: texture is not smooth and diag_extensions is not "none"', () => {
    expect(step('hold-level').included({ diag_hair_texture: 'type_3a', diag_extensions: ['wash_n_go'] })).toBe(true);
    expect(step('hold-level').included({ diag_hair_texture: 'smooth', diag_extensions: ['beachy_waves'] })).toBe(false);
    expect(step('hold-level').included({ diag_hair_texture: 'type_3a', diag_extensions: ['none'] })).toBe(false);
  });

  it('stress-intensity (haircare, default reading B) and other-hair-loss-causes (reading C): hair loss is not normal', () => {
    expect(step('stress-intensity').included({ diag_hairloss_level: 'normal' })).toBe(false);
    expect(step('stress-intensity').included({ diag_hairloss_level: 'excessive' })).toBe(true);
    const c = haircare({}, { 'hair-loss-questions': 'other-hair-loss-causes' });
    expect(stepOf(c, 'other-hair-loss-causes').included({ diag_hairloss_level: 'bit_than_normal' })).toBe(true);
    expect(stepOf(c, 'other-hair-loss-causes').included({ diag_hairloss_level: 'normal' })).toBe(false);
  });

  it('signin: the user is not authenticated, or signed up without names', () => {
    expect(stepOf(haircare({ session: 'anonymous' }), 'signin').included({})).toBe(true);
    expect(stepOf(haircare({ session: 'guest' }), 'signin').included({})).toBe(true);
    expect(stepOf(haircare({ session: 'authenticated', user: { hasNames: true } }), 'signin').included({})).toBe(false);
    expect(stepOf(haircare({ session: 'authenticated', user: { hasNames: false } }), 'signin').included({})).toBe(true);
  });

  it('supplements welcome: only for authenticated users; styling-gel welcome: always', () => {
    const supplements = (session: 'anonymous' | 'authenticated') =>
      stepOf(haircare({ session }, { welcome: 'supplements' }), 'welcome-supplements').included({});
    expect(supplements('authenticated')).toBe(true);
    expect(supplements('anonymous')).toBe(false);
    expect(stepOf(haircare({ session: 'anonymous' }, { welcome: 'styling-gel' }), 'welcome-styling-gel').included({})).toBe(true);
    expect(stepOf(haircare({ session: 'authenticated' }, { welcome: 'styling-gel' }), 'welcome-styling-gel').included({})).toBe(true);
  });
});

describe('spec 000 §4.5 hair-style options and tip', () => {
  const styles = step('hair-style');
  it('a perm gives the type-3 list, whatever the texture', () => {
    expect(styles.offered({ diag_other_treatments: ['perm'], diag_hair_texture: 'smooth' })).toContain('wash_n_go');
    expect(styles.offered({ diag_other_treatments: ['perm', 'relaxer'], diag_hair_texture: 'smooth' })).toContain('afro_combed_curls');
  });
  it('else a relaxer gives the type-1 list', () => {
    const offered = styles.offered({ diag_other_treatments: ['relaxer'], diag_hair_texture: 'zigzag' });
    expect(offered).toEqual(expect.arrayContaining(['crafted_curls', 'straightened_styles', 'beachy_waves']));
    expect(offered).not.toContain('afro');
  });
  it('else the texture group decides: 1 -> type-1, 2 -> type-2, 3 -> type-3, 4 (and generic curly) -> type-4', () => {
    expect(styles.offered({ diag_hair_texture: 'smooth' })).toContain('straightened_styles');
    expect(styles.offered({ diag_hair_texture: 'type_2b' })).toEqual(expect.arrayContaining(['natural_waves', 'stretched_out_straightened']));
    expect(styles.offered({ diag_hair_texture: 'type_3c' })).toEqual(
      expect.arrayContaining(['wash_n_go', 'protective_styles', 'crafted_patterns', 'afro_combed_curls']),
    );
    expect(styles.offered({ diag_hair_texture: 'frizzy' })).toContain('afro');
    expect(styles.offered({ diag_hair_texture: 'curly' })).toContain('afro');
  });
  it('otherwise no options, and a step with nothing to offer is skipped', () => {
    expect(styles.offered({})).toEqual([]);
    expect(styles.included({})).toBe(false);
  });
  it('the tip follows the case', () => {
    const perm = styles.step.kind === 'multi' ? styles.step.optionCases?.[0]?.tip?.body : undefined;
    expect(perm).toMatch(/perm/i);
  });
  it('initial value: stored diag_extensions only when one of its values is in the known list', () => {
    expect(styles.selection({ diag_hair_texture: 'type_3a', diag_extensions: ['wash_n_go', 'beachy_waves'] })).toEqual(['wash_n_go', 'beachy_waves']);
    expect(styles.selection({ diag_hair_texture: 'type_3a', diag_extensions: ['beachy_waves'] })).toEqual([]);
  });
});

describe('spec 000 §4.5 / §2.4 initial values', () => {
  it('a stored legacy partial_or_tips is shown as partial', () => {
    expect(step('color-treatments-location').selection({ diag_color_treatments_location: 'partial_or_tips' })).toBe('partial');
  });
  it('texture starts empty when the flag is set and the stored texture is the generic wavy value', () => {
    expect(stepOf(haircare({ flags: { texture_wavy_reset: true } }), 'texture').selection({ diag_hair_texture: 'wavy' })).toBeUndefined();
    expect(stepOf(haircare(), 'texture').selection({ diag_hair_texture: 'wavy' })).toBe('wavy');
    expect(stepOf(haircare({ flags: { texture_wavy_reset: true } }), 'texture').selection({ diag_hair_texture: 'type_2a' })).toBe('type_2a');
  });
  it('each step pre-fills from the stored answers (§2.3)', () => {
    expect(step('length').selection({ diag_hair_length: 'long' })).toBe('long');
    expect(step('sensitivity').selection({ diag_sensitivity_level: 2 })).toBe(2);
    expect(step('color').selection({ diag_color_treatments: false })).toBe(false);
    expect(step('sports').selection({ profile_sports: ['indoors', 'outdoors'] })).toEqual(['indoors', 'outdoors']);
  });
});

describe('spec 000 §5.1 multi-select exclusive options', () => {
  it('marks the "none" style options exclusive', () => {
    const exclusive = (name: string) =>
      (step(name).step as { options: { value: unknown; exclusive: boolean }[] }).options.filter((o) => o.exclusive).map((o) => o.value);
    expect(exclusive('other-treatments')).toEqual(['none']);
    expect(exclusive('hormones')).toEqual(['none']);
    expect(exclusive('sports')).toEqual(['not_these_spaces', 'none']);
    expect(exclusive('exceptions')).toEqual(['none']);
  });
});

describe('spec 000 §5.2 sebum level', () => {
  const sebum = runtime.flow.derived.find((d) => d.field === 'diag_sebum_level')!;
  it('is the hair type score plus the regrease score, clamped to 0-4', () => {
    expect(deriveValue(sebum, { diag_hair_type: 'dry', diag_regrease_delay: 'never' })).toBe(0);
    expect(deriveValue(sebum, { diag_hair_type: 'normal', diag_regrease_delay: 'second_day' })).toBe(2);
    expect(deriveValue(sebum, { diag_hair_type: 'oily', diag_regrease_delay: 'within_one_day' })).toBe(4);
    expect(deriveValue(sebum, { diag_hair_type: 'oily_dry', diag_regrease_delay: 'dont_know' })).toBe(2);
    expect(deriveValue(sebum, { diag_hair_type: 'normal', diag_regrease_delay: 'three_more_days' })).toBe(1);
  });
  it('is derived only when both answers are known', () => {
    expect(deriveValue(sebum, { diag_hair_type: 'oily' })).toBeUndefined();
  });
  it('§8: an unknown value is an error with its own message', () => {
    expect(() => deriveValue(sebum, { diag_hair_type: 'greasy', diag_regrease_delay: 'never' })).toThrowError('Unknown value for hair type');
    expect(() => deriveValue(sebum, { diag_hair_type: 'dry', diag_regrease_delay: 'weekly' })).toThrowError('Unknown value for greasy days');
  });
});

describe('spec 000 §5.3 haircare goals', () => {
  const goals = step('goals');
  it('always offers volume, shine, smoothness, hair growth and shedding', () => {
    expect(goals.offered({ diag_hair_texture: 'smooth' })).toEqual(['volume', 'shine', 'smoothness', 'hair_growth', 'shedding']);
  });
  it('offers curl for wavy or curlier textures, or when already selected', () => {
    expect(goals.offered({ diag_hair_texture: 'type_2a' })).toContain('curl');
    expect(goals.offered({ diag_hair_texture: 'smooth', goal_curl: 3 })).toContain('curl');
    expect(goals.offered({ diag_hair_texture: 'smooth', goal_curl: 0 })).not.toContain('curl');
  });
  it('offers moisture for curly or curlier textures, or when already selected', () => {
    expect(goals.offered({ diag_hair_texture: 'type_2c' })).not.toContain('moisture');
    expect(goals.offered({ diag_hair_texture: 'type_3a' })).toContain('moisture');
    expect(goals.offered({ diag_hair_texture: 'smooth', goal_moisture: 3 })).toContain('moisture');
  });
  it('offers less brass when bleached, half or fully gray, or already selected', () => {
    expect(goals.offered({ diag_color_treatments_type: ['bleach'] })).toContain('less_brass');
    expect(goals.offered({ diag_gray_hair: 'half' })).toContain('less_brass');
    expect(goals.offered({ diag_gray_hair: 'full' })).toContain('less_brass');
    expect(goals.offered({ diag_gray_hair: 'few' })).not.toContain('less_brass');
    expect(goals.offered({ goal_anti_brass: 3 })).toContain('less_brass');
  });
  it('stores a selected goal as 3 and an unselected one as 0', () => {
    expect(goals.saves(['volume', 'curl'])).toEqual({
      goal_volume: 3,
      goal_shine: 0,
      goal_straight: 0,
      goal_hair_growth: 0,
      goal_hair_shedding: 0,
      goal_curl: 3,
      goal_moisture: 0,
      goal_anti_brass: 0,
    });
    expect(goals.selection({ goal_volume: 3, goal_shine: 0, goal_curl: 3, diag_hair_texture: 'type_3a' })).toEqual(['volume', 'curl']);
  });
});

describe('spec 000 §5.4 exceptions', () => {
  const exceptions = step('exceptions');
  it('vegan sets pref_vegan true, otherwise false; siliconeFree sets pref_silicone "no", otherwise "yes"', () => {
    expect(exceptions.saves(['vegan'])).toEqual({ pref_vegan: true, pref_silicone: 'yes' });
    expect(exceptions.saves(['siliconeFree'])).toEqual({ pref_vegan: false, pref_silicone: 'no' });
    expect(exceptions.saves(['vegan', 'siliconeFree'])).toEqual({ pref_vegan: true, pref_silicone: 'no' });
    expect(exceptions.saves(['none'])).toEqual({ pref_vegan: false, pref_silicone: 'yes' });
  });
  it('rebuilds the selection from the fields: "none" when not vegan and silicone is "yes"', () => {
    expect(exceptions.selection({ pref_vegan: false, pref_silicone: 'yes' })).toEqual(['none']);
    expect(exceptions.selection({ pref_vegan: true, pref_silicone: 'yes' })).toEqual(['vegan']);
    expect(exceptions.selection({ pref_vegan: true, pref_silicone: 'no' })).toEqual(['vegan', 'siliconeFree']);
    expect(exceptions.selection({})).toEqual([]);
  });
});

describe('spec 000 §5.5 fragrance', () => {
  const fragrance = step('fragrance');
  it('NONE sets pref_fragrance_free true and pref_fragrance null', () => {
    expect(fragrance.saves('NONE')).toEqual({ pref_fragrance: null, pref_fragrance_free: true });
  });
  it('otherwise pref_fragrance is the code in uppercase and pref_fragrance_free is false', () => {
    expect(fragrance.saves('ARCADIA')).toEqual({ pref_fragrance: 'ARCADIA', pref_fragrance_free: false });
    expect(fragrance.offered()).toEqual(expect.arrayContaining(['ARCADIA', 'SOLSTICE', 'GLACIA', 'PARADISO', 'NONE']));
    expect(fragrance.offered().every((v) => v === String(v).toUpperCase())).toBe(true);
  });
  it('pre-fills from the stored fields', () => {
    expect(fragrance.selection({ pref_fragrance: null, pref_fragrance_free: true })).toBe('NONE');
    expect(fragrance.selection({ pref_fragrance: 'OASIS', pref_fragrance_free: false })).toBe('OASIS');
  });
});

describe('spec 000 §2.3 next step', () => {
  it('is the first later step whose rule holds', () => {
    expect(step('texture').next({ diag_hair_texture: 'smooth' })).toBe('type');
    expect(step('density').next({ diag_hair_texture: 'type_3a' })).toBe('porosity');
    expect(step('density').next({ diag_hair_texture: 'smooth', diag_hair_length: 'very_short' })).toBe('gray');
  });
  it('is the results route after the last step', () => {
    expect(step('fragrance').next({})).toBe('results');
  });
  it('geo-aggressors comes right after zipcode (§2.4)', () => {
    expect(step('zipcode').next({})).toBe('geo-aggressors');
  });
});
