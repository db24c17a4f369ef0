import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ResponseBody } from '#api';

type LiveChatConversation = ResponseBody<'startLiveChat'>;
import { Icon } from '../../ui/icons';
import { Notice } from '../../ui/notice';
import type { LiveChatFailure, SentMessage } from './livechat-machine';
import './livechat.css';

export interface LiveChatPanelProps {
  /** The panel's id, which the launcher's aria-controls names. */
  id?: string;
  /** Whether the panel shows (it stays mounted while closed, so a half-written message is kept). */
  opened: boolean;
  conversation: LiveChatConversation | null;
  sent: SentMessage[];
  sending: boolean;
  failure: LiveChatFailure | null;
  /** The signed-in shopper's name and e-mail, filled in for them. */
  known: { name: string; email: string };
  onSend(message: { name: string; email: string; message: string }): void;
  onClose(): void;
  onEndConversation(): void;
}

const fieldError = (failure: LiveChatFailure | null, field: string) => failure?.fields[field]?.[0];

/**
 * The live chat panel (spec 001 §2 "Live chat"): a non-modal dialog beside the page. It says plainly that the team
 * answers by e-mail, asks for a name and an e-mail address with the first message (filled in for a signed-in
 * shopper), and shows the conversation so far with its reference. Focus moves into it when it opens; Escape closes it.
 *
 * The name and e-mail fields sit at the top of the scrolling body, not in the form pinned at the foot (they belong to
 * it by its id): when the conversation starts they leave and the first messages take their place, while the pinned
 * form keeps its height, so nothing moves however long the server takes to answer (no layout shift; a form that
 * shrank would move its top edge, which CLS counts once 500 ms have passed since Send).
 */
export function LiveChatPanel({
  id: panelId = 'livechat-panel',
  opened,
  conversation,
  sent,
  sending,
  failure,
  known,
  onSend,
  onClose,
  onEndConversation,
}: LiveChatPanelProps) {
  const id = useId();
  const [name, setName] = useState(known.name);
  const [email, setEmail] = useState(known.email);
  const [message, setMessage] = useState('');
  const nameField = useRef<HTMLInputElement>(null);
  const messageField = useRef<HTMLTextAreaElement>(null);
  const sentCount = useRef(sent.length);

  // The signed-in shopper's details arrive after the panel may have been drawn: filled in unless typed over.
  useEffect(() => {
    setName((typed) => typed || known.name);
    setEmail((typed) => typed || known.email);
  }, [known.name, known.email]);
  // A message the server took leaves the field; a failed one stays to be sent again.
  useEffect(() => {
    if (sent.length > sentCount.current) setMessage('');
    sentCount.current = sent.length;
  }, [sent.length]);
  useEffect(() => {
    if (!opened) return;
    (conversation || (name && email) ? messageField : nameField).current?.focus();
    // Only when it opens: typing must not move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  // The name and e-mail fields leave once the conversation exists: a shopper who sent with Enter from one of them
  // keeps the focus in the panel, on the message field, instead of losing it to the page.
  const firstMessage = conversation === null;
  useLayoutEffect(() => {
    if (!firstMessage && opened && (document.activeElement === null || document.activeElement === document.body)) messageField.current?.focus();
    // Only when the conversation starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstMessage]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) onSend({ name, email, message });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  const invalid = (field: string) => Boolean(fieldError(failure, field));

  return (
    <section
      id={panelId}
      className="livechat-panel"
      role="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-how`}
      hidden={!opened}
      onKeyDown={onKeyDown}
    >
      <div className="livechat-panel__header">
        <h2 id={`${id}-title`} className="livechat-panel__title">
          Chat with us
        </h2>
        <button type="button" className="livechat-panel__close" onClick={onClose} aria-label="Close chat">
          <Icon name="close" />
        </button>
      </div>
      <div className="livechat-panel__body">
        <p id={`${id}-how`} className="livechat-panel__how">
          Write to our team here. We answer by e‑mail, usually within one working day.
        </p>
        {firstMessage ? (
          <div className="livechat-panel__details">
            <div className={`field${invalid('name') ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor={`${id}-name`}>
                Your name
              </label>
              <input
                ref={nameField}
                id={`${id}-name`}
                form={`${id}-form`}
                className="field__input"
                name="name"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={invalid('name') || undefined}
                aria-describedby={invalid('name') ? `${id}-name-error` : undefined}
              />
              {invalid('name') ? (
                <p id={`${id}-name-error`} className="field__error">
                  {fieldError(failure, 'name')}
                </p>
              ) : null}
            </div>
            <div className={`field${invalid('email') ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor={`${id}-email`}>
                E-mail for our answer
              </label>
              <input
                id={`${id}-email`}
                form={`${id}-form`}
                className="field__input"
                name="email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={invalid('email') || undefined}
                aria-describedby={invalid('email') ? `${id}-email-error` : undefined}
              />
              {invalid('email') ? (
                <p id={`${id}-email-error`} className="field__error">
                  {fieldError(failure, 'email')}
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
        <div className="livechat-panel__log" role="log" aria-label="Your conversation">
          <ol className="livechat-panel__messages">
            {sent.map((m, i) => (
              <li key={m.at + i} className="livechat-message livechat-message--visitor">
                <span className="visually-hidden">You: </span>
                {m.text}
              </li>
            ))}
            {conversation ? (
              <li className="livechat-message livechat-message--shop">
                <span className="visually-hidden">Our team: </span>
                We have your message{sent.length > 1 ? 's' : ''}. Our team will answer by e-mail at <strong>{conversation.reply_to}</strong>. Your reference is{' '}
                <strong className="livechat-panel__reference">{conversation.reference}</strong>.
              </li>
            ) : null}
          </ol>
        </div>
        {failure ? (
          <Notice tone="error" focus>
            {failure.message}
          </Notice>
        ) : null}
      </div>
      <form id={`${id}-form`} className="livechat-panel__form" onSubmit={submit} noValidate>
        <div className={`field${invalid('message') ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-message`}>
            {firstMessage ? 'Your message' : 'Add to your message'}
          </label>
          <textarea
            ref={messageField}
            id={`${id}-message`}
            className="field__input livechat-panel__message"
            name="message"
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={invalid('message') || undefined}
            aria-describedby={invalid('message') ? `${id}-message-error` : undefined}
          />
          {invalid('message') ? (
            <p id={`${id}-message-error`} className="field__error">
              {fieldError(failure, 'message')}
            </p>
          ) : null}
        </div>
        <div className="livechat-panel__actions">
          <button type="submit" className="button button--primary livechat-panel__send" aria-disabled={sending || undefined} aria-busy={sending || undefined}>
            {sending ? 'Sending…' : 'Send'}
          </button>
          {conversation ? (
            <button type="button" className="button button--quiet" onClick={onEndConversation}>
              New conversation
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
