import { useEffect } from 'react';
import { ContactPage as ContactView } from '../../shop/help/contact-page.tsx';
import { articlesTagged } from '../../shop/help/knowledge-base.ts';
import { useSession } from '../session';
import { useDocumentTitle, useHeadingFocus, useHelpCentre } from './use-help-centre.tsx';

/**
 * /faq/contact-us (spec 001 §2): the top articles (tag contact-us-top-3) and the contact form, a signed-in shopper's
 * name and e-mail filled in. Leaving the page forgets a sent message, so the next visit starts with an empty form.
 */
export default function ContactPage() {
  const { actor, context, statuses, lists } = useHelpCentre();
  const { user } = useSession();
  const heading = useHeadingFocus(true, 'contact');
  useDocumentTitle('Contact us');
  useEffect(() => () => actor.send({ type: 'NEW_INQUIRY' }), [actor]);
  const shopper = user ? { name: [user.first_name, user.last_name].filter(Boolean).join(' '), email: user.email } : null;
  return (
    <ContactView
      topStatus={lists}
      top={articlesTagged(context.articles, context.tags, 'contact-us-top-3').slice(0, 3)}
      shopper={shopper}
      inquiryStatus={statuses.inquiry}
      inquiryError={context.errors.inquiry}
      received={context.inquiry}
      onSend={(request) => actor.send({ type: 'SEND_INQUIRY', request })}
      onAnother={() => actor.send({ type: 'NEW_INQUIRY' })}
      headingRef={heading}
    />
  );
}
