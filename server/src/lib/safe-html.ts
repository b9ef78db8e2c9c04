import sanitizeHtml from 'sanitize-html';

// Contract "Items": an item's HTML description is sanitised on the server to an allow-list before it is stored,
// and the client renders only that stored HTML. What remains is formatting: no script or style, no event
// handler or style attribute (so no CSS expressions), no frames, forms, pictures or SVG, and links only to
// http(s), mailto and tel (sanitize-html decodes entities before it reads a link's scheme, so an
// entity-encoded "javascript:" is caught too).
const DESCRIPTION_RULES: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'hr',
    'a',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the portal in a new tab without giving the page they open a handle on ours.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

// A link whose address was refused (javascript:, data:…) would stay an <a> without href: blue, underlined and
// going nowhere. A second pass over the already safe HTML turns such a link into its text.
const ADDRESSLESS_LINKS_TO_TEXT: sanitizeHtml.IOptions = {
  ...DESCRIPTION_RULES,
  transformTags: {
    a: (tagName, attribs) => (attribs.href ? { tagName, attribs } : { tagName: 'span', attribs: {} }),
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(sanitizeHtml(html, DESCRIPTION_RULES), ADDRESSLESS_LINKS_TO_TEXT).trim();
}
