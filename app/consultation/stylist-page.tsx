import { Link, useParams } from 'react-router';
import { isApiError } from '#api/shared';
import type { Stylist } from '#api';
import { api } from '../app-services';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { storeStylist } from './stored-stylist';
import { reportError } from '../report-error';
import { useLoad } from '../use-load';

/** /stylists/{slug}: a stylist's public page; starting the consultation from it links the stylist (spec 000 §1, §4.2). */
export default function StylistPage() {
  const { slug = '' } = useParams();
  const stylist = useLoad(
    () =>
      api.getStylist(slug).catch((error: unknown) => {
        if (!isApiError(error, 'unknown_stylist')) reportError('loading the stylist', error);
        throw error;
      }),
    [slug],
  );
  if (stylist.status === 'loading') return <PageStatus>Loading…</PageStatus>;
  if (stylist.status === 'error') return <Missing />;
  return <Found stylist={stylist.value} />;
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
