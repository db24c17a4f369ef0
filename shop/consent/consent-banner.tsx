import { useEffect, useId, useRef, useState } from 'react';
import './consent-banner.css';
import { defaultConsent, type ConsentPurpose, type ConsentRegion, type ConsentState } from './consent-rules';

/** The purposes a visitor may refuse, in the banner's words; functionality and security are always on. */
const CHOICES: { purpose: ConsentPurpose; label: string; hint: string }[] = [
  { purpose: 'analytics_storage', label: 'Analytics', hint: 'Which pages and steps help shoppers, so we can improve them.' },
  { purpose: 'ad_storage', label: 'Advertising', hint: 'Whether our ads elsewhere brought you here.' },
  { purpose: 'personalization_storage', label: 'Personalisation', hint: 'Remembering what you looked at to suggest products.' },
];

export interface ConsentBannerProps {
  region: ConsentRegion;
  /** What is in force now (the kept choice, or the region's defaults). */
  current: ConsentState;
  /** Opened again from the footer: the choices are shown at once, with a way to close without changing anything. */
  reopened?: boolean;
  onSave(state: ConsentState): void;
  onClose?(): void;
}

/**
 * The consent banner (spec 001 §9 Consent): fixed at the bottom of the screen over the page, so it moves nothing
 * (no layout shift); a labelled region, not a dialog: it never takes the focus, and the page stays usable. Accept all,
 * reject the optional ones, or choose one by one (native checkboxes with labels). Functionality and security storage
 * are always on; the rest start as the region's defaults or the kept choice.
 */
export function ConsentBanner({ region, current, reopened = false, onSave, onClose }: ConsentBannerProps) {
  const id = useId();
  const [choosing, setChoosing] = useState(reopened);
  const [draft, setDraft] = useState<ConsentState>(current);
  // "Choose" replaces the buttons with the choices: the focus follows to the first one (asked for, never taken on arrival).
  const firstChoice = useRef<HTMLInputElement>(null);
  const [asked, setAsked] = useState(reopened);
  useEffect(() => {
    if (asked) firstChoice.current?.focus();
  }, [asked]);
  const denyOptional: ConsentState = { ...defaultConsent('US'), ad_storage: false, analytics_storage: false, personalization_storage: false };
  return (
    <section className="consent-banner" aria-labelledby={`${id}-title`} data-region={region}>
      <div className="consent-banner__inner">
        <h2 id={`${id}-title`} className="consent-banner__title">
          Cookie choices
        </h2>
        <p className="consent-banner__text">
          We use cookies to run the shop: your cart, signing in and keeping the site secure. With your permission we would also use them for analytics and
          advertising. You can change this at any time from “Your privacy choices” at the foot of every page.
        </p>
        {choosing ? (
          <form
            className="consent-banner__choices"
            onSubmit={(event) => {
              event.preventDefault();
              onSave(draft);
            }}
          >
            <fieldset>
              <legend className="visually-hidden">Optional cookies</legend>
              {CHOICES.map(({ purpose, label, hint }) => (
                <div className="consent-banner__choice" key={purpose}>
                  <input
                    ref={purpose === CHOICES[0]!.purpose ? firstChoice : undefined}
                    id={`${id}-${purpose}`}
                    type="checkbox"
                    checked={draft[purpose]}
                    aria-describedby={`${id}-${purpose}-hint`}
                    onChange={(event) => setDraft((d) => ({ ...d, [purpose]: event.target.checked }))}
                  />
                  <label htmlFor={`${id}-${purpose}`}>{label}</label>
                  <p id={`${id}-${purpose}-hint`} className="field__hint">
                    {hint}
                  </p>
                </div>
              ))}
              <p className="consent-banner__always field__hint">Essential cookies (functionality and security) are always on.</p>
            </fieldset>
            <div className="consent-banner__actions">
              <button type="submit" className="button button--primary button--small">
                Save choices
              </button>
              {onClose ? (
                <button type="button" className="button button--quiet button--small" onClick={onClose}>
                  Close
                </button>
              ) : null}
            </div>
          </form>
        ) : (
          <div className="consent-banner__actions">
            <button type="button" className="button button--primary button--small" onClick={() => onSave(defaultConsent('US'))}>
              Accept all
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => onSave(denyOptional)}>
              Reject optional
            </button>
            <button type="button" className="button button--quiet button--small" onClick={() => (setChoosing(true), setAsked(true))}>
              Choose
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
