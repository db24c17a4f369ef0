import { useParams } from 'react-router';
import { HelpArticlePage } from '../../shop/help/help-article.tsx';
import { categoryOf, findArticle, relatedArticles } from '../../shop/help/knowledge-base.ts';
import { useDocumentTitle, useHeadingFocus, useHelpCentre } from './use-help-centre.tsx';

/** /faq/{articleId} (spec 001 §2): one article, by its id (or its slug); an unknown one is a friendly not-found. */
export default function ArticlePage() {
  const { articleId = '' } = useParams();
  const { context, lists, retry } = useHelpCentre();
  const article = lists === 'success' ? (findArticle(context.articles, articleId) ?? null) : null;
  const heading = useHeadingFocus(lists === 'success', articleId);
  useDocumentTitle(article ? article.title : lists === 'success' ? 'Article not found' : 'Help centre');
  return (
    <HelpArticlePage
      status={lists}
      article={article}
      category={article ? categoryOf(article, context.categories) : undefined}
      related={article ? relatedArticles(article, context.articles, context.tags) : []}
      onRetry={retry}
      headingRef={heading}
    />
  );
}
