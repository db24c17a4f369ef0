/**
 * The design system's icons (ui/README.md): 24-unit line drawings in the current colour, always decorative
 * (aria-hidden): the control that holds one names itself in words.
 */
const paths = {
  bag: 'M5 8h14l-1 12H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2',
  bagFull: 'M5 8h14l-1 12H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2M9 12a3 3 0 0 0 6 0',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6 6 18',
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z',
  back: 'M15 5l-7 7 7 7',
  check: 'M5 12l4 4 10-10',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
