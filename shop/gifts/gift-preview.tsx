import type { GiftForm } from './gift-form.ts';
import { amountLabel } from './gift-rules.ts';

/**
 * The gift card as the recipient's e-mail will show it, drawn from the form as it is typed. It repeats what the form
 * says, so screen readers skip it (the form is what they fill in).
 */
export function GiftPreview({ form, occasionLabel }: { form: GiftForm; occasionLabel: string }) {
  return (
    <aside className="gift-preview" aria-hidden="true">
      <div className="gift-preview__card">
        <p className="gift-preview__brand">Formulary</p>
        <p className="gift-preview__amount">{form.amount ? amountLabel(form.amount) : '$—'}</p>
        <p className="gift-preview__occasion">{occasionLabel} gift card</p>
      </div>
      <div className="gift-preview__note">
        <p className="gift-preview__to">To {form.recipient_name.trim() || 'someone special'}</p>
        <p className="gift-preview__message">{form.message.trim() || ' '}</p>
        <p className="gift-preview__from">From {form.sender_name.trim() || 'you'}</p>
      </div>
    </aside>
  );
}
