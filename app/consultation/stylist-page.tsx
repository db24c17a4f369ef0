import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '#api/shared';
import type { Stylist } from '#api';
import { api } from '../app-services';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { storeStylist } from './stored-stylist';
import { reportError } from '../report-error';

/** /stylists/{slug}: a stylist's public page; starting the consultation from it links the stylist (spec 000 §1, §4.2). */
export default function StylistPage() {
  const { slug = '' } = useParams();
  const [stylist, setStylist] = useState<Stylist | null | 'missing'>(null);
  useEffect(() => {
    let live = true;
    api
      .getStylist(slug)
      .then((found) => live && setStylist(found))
      .catch((error) => {
        if (!isApiError(error, 'unknown_stylist')) reportError('loading the stylist', error);
        if (live) setStylist('missing');
      });
    return () => void (live = false);
  }, [slug]);
  if (stylist === null) return <PageStatus>Loading…</PageStatus>;
  if (stylist === 'missing') return <Missing />;
  return <Found stylist={stylist} />;
}

function Found({ stylist }: { stylist: Stylist }) {
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        {stylist.public_name} recommends custom haircare
      </h1>
      {stylist.salons.length > 0 ? <p>{stylist.salons.join(', ')}</p> : null}
      <p>
        <Link className="button-link" to="/consultation/haircare" onClick={() => storeStylist(stylist.public_slug)}>
          Start your consultation
        </Link>
      </p>
    </div>
  );
}

function Missing() {
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        We couldn't find this stylist
      </h1>
      <p>
        You can still <Link to="/consultation">start your consultation</Link>.
      </p>
    </div>
  );
}
