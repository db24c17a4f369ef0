import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { Link } from 'react-router';
import type { HelpArticle, KbInquiryReceived, KbInquiryRequest } from '#api';
import { Field, InputField } from '../../renderer/parts/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ArticleList, HelpBreadcrumb, HelpLoading } from './help-parts.tsx';
import { helpPaths } from './help-paths.ts';
import {
  checkInquiry,
  initialInquiry,
  INQUIRY_MESSAGE_MAX,
  inquiryErrorOf,
  inquiryFieldOrder,
  inquiryRequest,
  inquiryTopics,
  messageLength,
  type InquiryField,
  type InquiryFieldErrors,
  type InquiryForm,
} from './inquiry-form.ts';
import './help.css';

const fieldId = (field: InquiryField) => `contact-${field}`;

/**
 * /faq/contact-us (spec 001 §2): the top articles (tag contact-us-top-3), then the contact form (POST
 * /v1/knowledge_base/inquiries). The inquiry's §4 status drives the form: sending, refused (the server's field errors
 * on their fields, the first focused), or received (the reference to quote, its heading focused).
 */
export function ContactPage({
  topStatus,
  top,
  shopper,
  inquiryStatus,
  inquiryError,
  received,
  onSend,
  onAnother,
  headingRef,
}: {
  topStatus: 'loading' | 'success' | 'error';
  top: readonly HelpArticle[];
  /** A signed-in shopper's name and e-mail, filled in. */
  shopper?: { name?: string; email?: string } | null;
  inquiryStatus: 'idle' | 'loading' | 'success' | 'error';
  inquiryError: unknown;
  received: KbInquiryReceived | null;
  onSend(request: KbInquiryRequest): void;
  onAnother(): void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="help page">
      <HelpBreadcrumb trail={[{ label: 'Contact us' }]} />
      <h1 ref={headingRef} tabIndex={-1} className="help-title">
        Contact us
      </h1>
      <p className="help-hero__lead">Reach out to get in touch with our team of Pros. We answer every message within one business day, Monday to Friday.</p>
      <div className="help-layout help-layout--contact">
        <div className="help-layout__main">
          {inquiryStatus === 'success' && received ? (
            <InquiryReceived received={received} onAnother={onAnother} />
          ) : (
            <ContactForm shopper={shopper} sending={inquiryStatus === 'loading'} error={inquiryStatus === 'error' ? inquiryError : null} onSend={onSend} />
          )}
        </div>
        <div className="help-layout__aside">
          {topStatus === 'error' ? null : (
            <section className="help-related" aria-labelledby="help-top-title">
              <h2 id="help-top-title">Quick answers</h2>
              {topStatus === 'loading' ? <HelpLoading>Loading…</HelpLoading> : <ArticleList articles={top} />}
              <p>
                <Link to={helpPaths.home}>Browse the help centre</Link>
              </p>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

function InquiryReceived({ received, onAnother }: { received: KbInquiryReceived; onAnother(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card help-received" aria-labelledby="contact-received-title">
      <h2 id="contact-received-title" ref={heading} tabIndex={-1}>
        Thank you, we've received your message
      </h2>
      <p>
        Your reference is <strong className="help-received__reference">{received.reference}</strong>. Quote it if you write to us again.
      </p>
      <p>We've sent you an e-mail to say so, and we'll answer within one business day.</p>
      <p className="help-actions">
        <Link className="button button--primary" to={helpPaths.home}>
          Back to the help centre
        </Link>
        <button type="button" className="button button--secondary" onClick={onAnother}>
          Send another message
        </button>
      </p>
    </section>
  );
}

function ContactForm({
  shopper,
  sending,
  error,
  onSend,
}: {
  shopper?: { name?: string; email?: string } | null;
  sending: boolean;
  error: unknown;
  onSend(request: KbInquiryRequest): void;
}) {
  const [form, setForm] = useState<InquiryForm>(() => initialInquiry(shopper));
  const [own, setOwn] = useState<InquiryFieldErrors>({});
  // Each press checks anew, so the same error is focused again.
  const [attempt, setAttempt] = useState(0);
  const refused = error ? inquiryErrorOf(error) : null;
  const errors: InquiryFieldErrors = { ...refused?.fields, ...own };
  const formRef = useRef<HTMLFormElement>(null);

  // The signed-in shopper's name and e-mail arrive after the page: filled in while the fields are still empty.
  const shopperName = shopper?.name ?? '';
  const shopperEmail = shopper?.email ?? '';
  useEffect(() => {
    setForm((f) => ({ ...f, name: f.name || shopperName, email: f.email || shopperEmail }));
  }, [shopperName, shopperEmail]);

  // The first field in error takes focus after a press (the form's own check) or a refusal (the server's).
  const firstError = inquiryFieldOrder.find((f) => errors[f]);
  useEffect(() => {
    if (firstError && attempt > 0) formRef.current?.querySelector<HTMLElement>(`#${fieldId(firstError)}`)?.focus();
  }, [attempt, firstError, error]);

  const set = (field: keyof InquiryForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (field in own) setOwn(({ [field as InquiryField]: _, ...rest }) => rest);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = checkInquiry(form);
    setOwn(found);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length === 0) onSend(inquiryRequest(form));
  };
  const listed = inquiryFieldOrder.filter((f) => errors[f]);
  const length = messageLength(form.message);
  return (
    <form ref={formRef} className="card help-form" noValidate onSubmit={submit} aria-labelledby="contact-form-title" aria-busy={sending || undefined}>
      <h2 id="contact-form-title">Send us a message</h2>
      {listed.length > 0 ? (
        <div className="notice notice--error help-form__summary">
          <p className="help-form__summary-title">Check {listed.length === 1 ? 'this field' : 'these fields'}:</p>
          <ul>
            {listed.map((field) => (
              <li key={field}>
                <a href={`#${fieldId(field)}`}>{errors[field]}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="help-form__pair">
        <InputField id={fieldId('name')} label="Your name" autoComplete="name" maxLength={100} error={errors.name} value={form.name} onChange={set('name')} />
        <InputField
          id={fieldId('email')}
          label="E-mail"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="email"
          maxLength={254}
          error={errors.email}
          hint="We answer here."
          value={form.email}
          onChange={set('email')}
        />
      </div>
      <Field id={fieldId('topic')} label="What is it about?" error={errors.topic}>
        {(describedBy) => (
          <select
            id={fieldId('topic')}
            className="field__input"
            value={form.topic}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => set('topic')(event.target.value)}
          >
            <option value="">Choose a topic</option>
            {inquiryTopics.map((topic) => (
              <option key={topic.value} value={topic.value}>
                {topic.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={fieldId('message')} label="Your message" error={errors.message}>
        {(describedBy) => (
          <>
            <textarea
              id={fieldId('message')}
              className="field__input help-form__message"
              rows={6}
              value={form.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={[describedBy, 'contact-message-count'].filter(Boolean).join(' ')}
              onChange={(event) => set('message')(event.target.value)}
            />
            <p id="contact-message-count" className={`field__hint help-form__count${length > INQUIRY_MESSAGE_MAX ? ' help-form__count--over' : ''}`}>
              {length.toLocaleString('en-US')} of {INQUIRY_MESSAGE_MAX.toLocaleString('en-US')} characters
            </p>
          </>
        )}
      </Field>
      <InputField
        id={fieldId('order')}
        label="Order number (optional)"
        autoComplete="off"
        maxLength={64}
        error={errors.order}
        hint="On your order confirmation, if it is about an order."
        value={form.order}
        onChange={set('order')}
      />
      {/* A honeypot for bots: people never see it, screen readers skip it, Tab never reaches it. */}
      <div className="help-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={form.website}
          onChange={(event) => set('website')(event.target.value)}
        />
      </div>
      {refused?.message ? (
        <Notice key={attempt} tone="error" focus={listed.length === 0}>
          {refused.message}
        </Notice>
      ) : null}
      <button type="submit" className="button button--primary button--block" aria-disabled={sending || undefined}>
        {sending ? <span className="button__spinner" aria-hidden="true" /> : null}
        {sending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
