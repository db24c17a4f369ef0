import { HelpHome } from '../../shop/help/help-home.tsx';
import { articlesTagged } from '../../shop/help/knowledge-base.ts';
import { useDocumentTitle, useHeadingFocus, useHelpCentre } from './use-help-centre.tsx';

/** /faq: the help centre's home (spec 001 §2): search, the categories and "Contact Us", the popular articles. */
export default function FaqPage() {
  const { context, lists, retry } = useHelpCentre();
  const heading = useHeadingFocus(true, '/faq');
  useDocumentTitle('Help centre');
  return (
    <HelpHome
      status={lists}
      categories={context.categories}
      popular={articlesTagged(context.articles, context.tags, 'popular')}
      onRetry={retry}
      headingRef={heading}
    />
  );
}
