import { useRef, useState, type FormEvent } from 'react';
import type { User, UserPatch } from '#api';
import { formatPhoneInput } from '#api/shared';
import { emailProblem, InputField } from '../../renderer/parts/field';
import { Notice } from '../../ui/notice';
import { accountUpdate, phoneProblem, profileFieldsOf, type ProfileFields } from './account-update';
import { serverFieldErrors, useFocusFirstInvalid, type FieldMessages } from './field-errors';

/** The server's verdict on a save: the user as now, or the error (its field errors shown on their fields). */
export type ProfileSaveOutcome = { ok: true; user: User } | { ok: false; error: unknown };

type Text = Exclude<keyof ProfileFields, 'text_optin' | 'text_marketing_optin'>;

/** The form's own checks before the server's. */
function checkProfile(form: ProfileFields): FieldMessages {
  const found: FieldMessages = {};
  if (!form.first_name.trim()) found.first_name = 'Enter your first name.';
  if (!form.last_name.trim()) found.last_name = 'Enter your last name.';
  const email = emailProblem(form.email);
  if (email) found.email = email;
  const phone = phoneProblem(form.phone);
  if (phone) found.phone = phone;
  return found;
}

/**
 * The customer's profile (spec 001 §3 User, §5, §7 Account): names, e-mail, username (empty: the e-mail), the phone
 * formatted as it is typed as (XXX) XXX-XXXX, and the text opt-ins. A new e-mail is not changed at once: the server
 * mails it a link (pending until confirmed), and the form says so. Errors show on their fields, the first one focused.
 */
export function ProfileForm({ user, onSave }: { user: User; onSave(patch: UserPatch): Promise<ProfileSaveOutcome> }) {
  const [form, setForm] = useState(() => profileFieldsOf(user));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [outcome, setOutcome] = useState<{ saved: true; pending: string | null } | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(root);
  const set = (key: Text, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setOutcome(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = checkProfile(form);
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    setBusy(true);
    const patch = accountUpdate(form, user);
    const result = await onSave(patch);
    setBusy(false);
    if (result.ok) {
      // A new e-mail waits for its link: the field shows the e-mail in use, the notice where the link went.
      setForm(profileFieldsOf(result.user));
      setOutcome({ saved: true, pending: patch.email !== result.user.email ? (result.user.pending_email ?? null) : null });
      return;
    }
    const fields = serverFieldErrors(result.error);
    if (fields) {
      setErrors(fields);
      focusFirstInvalid();
    } else setOutcome('failed');
  };

  return (
    <form ref={root} className="profile-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy || undefined}>
      <div className="profile-form__pair">
        <InputField
          id="profile-first-name"
          label="First name"
          autoComplete="given-name"
          error={errors.first_name}
          value={form.first_name}
          onChange={(v) => set('first_name', v)}
        />
        <InputField
          id="profile-last-name"
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name}
          value={form.last_name}
          onChange={(v) => set('last_name', v)}
        />
      </div>
      <InputField
        id="profile-email"
        label="E-mail"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email}
        hint={user.pending_email ? `Waiting for you to confirm ${user.pending_email}: open the link we sent there.` : undefined}
        value={form.email}
        onChange={(v) => set('email', v)}
      />
      <InputField
        id="profile-username"
        label="Username (optional)"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username}
        hint="Leave it empty to use your e-mail."
        value={form.username}
        onChange={(v) => set('username', v)}
      />
      <InputField
        id="profile-phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={errors.phone}
        hint="10 digits, US or Canada."
        value={form.phone}
        onChange={(v) => set('phone', formatPhoneInput(v))}
      />
      <fieldset className="profile-form__optins">
        <legend>Text messages</legend>
        <label htmlFor="profile-text-optin">
          <input
            id="profile-text-optin"
            type="checkbox"
            checked={form.text_optin}
            onChange={(event) => (setForm((f) => ({ ...f, text_optin: event.target.checked })), setOutcome(null))}
          />
          Texts about my orders and deliveries
        </label>
        <label htmlFor="profile-text-marketing-optin">
          <input
            id="profile-text-marketing-optin"
            type="checkbox"
            checked={form.text_marketing_optin}
            onChange={(event) => (setForm((f) => ({ ...f, text_marketing_optin: event.target.checked })), setOutcome(null))}
          />
          Texts about offers and new products
        </label>
      </fieldset>
      {outcome !== null && outcome !== 'failed' ? (
        <Notice tone="success">
          {outcome.pending
            ? `Your changes have been saved. We sent a link to ${outcome.pending}: your e-mail changes once you open it.`
            : 'Your changes have been saved.'}
        </Notice>
      ) : null}
      {outcome === 'failed' ? (
        <Notice tone="error" focus>
          Your changes could not be saved. Please try again.
        </Notice>
      ) : null}
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
