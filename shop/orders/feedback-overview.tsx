import { Link } from 'react-router';
import type { FeedbackOverview, FeedbackOverviewOrder } from '#api';
import { Icon } from '../../ui/icons';
import { ProductPicture } from '../../ui/product-picture';
import { awaitingCount, CATEGORY_TITLES, FEEDBACK_CATEGORIES, invitedFeedback, type FeedbackCategory } from './feedback-invitation';
import { dayInWords, statusWords } from './order-views';
import './feedback-overview.css';

/**
 * The account's Review & Refine (spec 002 §2.5, its content ours): per category, the orders awaiting feedback, each
 * with a link to its flow ("Continue" once begun; the one the invitation would ask for the primary action), then those done, thanked
 * with nothing that reopens them (a completed feedback is final). With no order at all, what feedback does and the
 * way to the shop. `name` is written on the custom products' pictures.
 */
export function FeedbackOverviewList({ overview, name }: { overview: FeedbackOverview; name?: string | undefined }) {
  const shown = FEEDBACK_CATEGORIES.filter((category) => overview[category].awaiting.length + overview[category].completed.length > 0);
  if (shown.length === 0) return <NoFeedbackYet />;
  const waiting = awaitingCount(overview);
  // The page's one primary action: the feedback the invitation asks for, else the first awaiting.
  const firstCategory = shown.find((category) => overview[category].awaiting.length > 0);
  const lead = invitedFeedback(overview)?.[0] ?? (firstCategory ? { category: firstCategory, entry: overview[firstCategory].awaiting[0]! } : null);
  return (
    <div className="feedback-overview">
      <p className="feedback-overview__summary">
        {waiting === 0
          ? 'You’re all caught up: thank you for every answer. Your next orders will come here for your feedback.'
          : waiting === 1
            ? 'One order is waiting for your feedback.'
            : `${waiting} orders are waiting for your feedback.`}
      </p>
      {shown.map((category) => (
        <section key={category} className="feedback-overview__category" aria-labelledby={`feedback-${category}`}>
          <h2 id={`feedback-${category}`}>{CATEGORY_TITLES[category]}</h2>
          <ul className="feedback-overview__list">
            {overview[category].awaiting.map((entry) => (
              <AwaitingCard
                key={entry.order}
                category={category}
                entry={entry}
                name={name}
                primary={category === lead?.category && entry.order === lead.entry.order}
              />
            ))}
            {overview[category].completed.map((entry) => (
              <DoneCard key={entry.order} entry={entry} name={name} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** An order awaiting feedback: when it was ordered and whether it arrived, its products, and the way to its flow. */
function AwaitingCard({
  category,
  entry,
  name,
  primary,
}: {
  category: FeedbackCategory;
  entry: FeedbackOverviewOrder;
  name?: string | undefined;
  primary: boolean;
}) {
  const started = entry.feedback_status === 'started';
  return (
    <li className="card feedback-overview__order">
      <OrderHead entry={entry} badge={started ? 'Started' : 'Awaiting feedback'} awaiting />
      <p className="feedback-overview__meta">
        Ordered {dayInWords(entry.ordered_at)} ·{' '}
        {entry.delivered_at ? `Delivered ${dayInWords(entry.delivered_at)}` : `${statusWords(entry)}, not delivered yet`}
      </p>
      <Products entry={entry} name={name} />
      {started ? <p className="feedback-overview__note">You’ve begun: pick up where you left off.</p> : null}
      {!started && !entry.delivered_at ? (
        <p className="feedback-overview__note">Your answers help most once you’ve used your products for a week or two.</p>
      ) : null}
      {entry.url ? (
        <Link to={entry.url} className={`button ${primary ? 'button--primary' : 'button--secondary'} feedback-overview__action`}>
          {started ? 'Continue' : 'Give feedback'}{' '}
          <span className="visually-hidden">
            on your {category}, order {entry.serial_no}
          </span>
        </Link>
      ) : null}
    </li>
  );
}

/** An order whose feedback is done: when, and thanks. Nothing to click: a completed feedback is final. */
function DoneCard({ entry, name }: { entry: FeedbackOverviewOrder; name?: string | undefined }) {
  return (
    <li className="card feedback-overview__order feedback-overview__order--done">
      <OrderHead entry={entry} badge="Feedback given" awaiting={false} />
      <p className="feedback-overview__meta">
        Ordered {dayInWords(entry.ordered_at)}
        {entry.completed_at ? ` · Feedback given ${dayInWords(entry.completed_at)}` : ''}
      </p>
      <Products entry={entry} name={name} />
      <p className="feedback-overview__thanks">
        <Icon name="check" size={20} /> Thank you! Your next formula learns from it.
      </p>
    </li>
  );
}

/** The order's number and where its feedback stands (awaiting in the accent's colours, to catch the eye). */
function OrderHead({ entry, badge, awaiting }: { entry: FeedbackOverviewOrder; badge: string; awaiting: boolean }) {
  return (
    <div className="feedback-overview__head">
      <h3 className="feedback-overview__title">Order {entry.serial_no}</h3>
      <span className={awaiting ? 'badge badge--accent' : 'badge'}>{badge}</span>
    </div>
  );
}

/** The order's products of this category: their pictures (decorative) and their names. */
function Products({ entry, name }: { entry: FeedbackOverviewOrder; name?: string | undefined }) {
  const pictured = entry.items.filter((item) => item.picture).slice(0, 6);
  return (
    <div className="feedback-overview__products">
      {pictured.length > 0 ? (
        <span className="feedback-overview__thumbs" aria-hidden="true">
          {pictured.map((item, index) => (
            <span key={index} className="thumbnail feedback-overview__thumb">
              <ProductPicture {...item.picture!} alt="" sizes="56px" label={name} />
            </span>
          ))}
        </span>
      ) : null}
      <p className="feedback-overview__names">{entry.items.map((item) => item.label).join(' · ')}</p>
    </div>
  );
}

/** No order to give feedback on yet: what Review & Refine does, and the way to the shop. */
function NoFeedbackYet() {
  return (
    <div className="card feedback-overview__empty">
      <h2>Nothing to review yet</h2>
      <p>
        Once your order arrives, come back here to tell us how it works for you: your hair and scalp, your skin, each product and its fragrance. Every answer
        tunes your next formulas: a deeper clean, a lighter conditioner, a softer scent.
      </p>
      <p className="feedback-overview__empty-actions">
        <Link to="/consultation" className="button button--primary">
          Take the consultation
        </Link>
        <Link to="/collections/haircare" className="button button--secondary">
          Browse the shop
        </Link>
      </p>
    </div>
  );
}
