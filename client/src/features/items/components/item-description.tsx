import classes from './item-description.module.css';

/**
 * Spec §2 Product page: the item's HTML description. The server stored it sanitised to an allow-list
 * (contract "Items": no script, handler, style or javascript: link), and only that stored HTML is rendered;
 * the page's Content-Security-Policy would also refuse any inline script.
 */
export function ItemDescription({ html }: { html: string }) {
  if (html.trim() === '') return null;
  // Sanitised on the server before it was stored (above).
  return <div className={classes.description} dangerouslySetInnerHTML={{ __html: html }} />;
}
