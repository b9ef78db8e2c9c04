// Contract "language and notifications" (issue 30): an email is exactly one address `local@domain`, at most 254
// characters, with no display name, list, group, comment or control character. Each path that sets one is
// tested with these tables, and the mail sender with the hostile ones (decision 036).

const local64 = 'a'.repeat(64);
/** 254 characters in all: the longest address accepted. */
const longest = `${local64}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.in`;

/** [what it is, the value sent]: each must be refused with 400, and never mailed. */
export const HOSTILE_EMAILS: [string, string][] = [
  ['a list, comma', 'a@b.com, c@d.com'],
  ['a list, no space', 'a@b.com,c@d.com'],
  ['a list, semicolon', 'a@b.com;c@d.com'],
  ['a list hidden in the local part', 'x,a@b.com'],
  ['a semicolon in the local part', 'x;a@b.com'],
  ['a group opened in the local part', 'group:a@b.com'],
  ['an angle bracket in the local part', 'Name<a@b.com'],
  ['a quote in the local part', 'a"b@c.com'],
  ['a backslash in the local part', 'a\\b@c.com'],
  ['a quoted display name', '"Name" <a@b.com>'],
  ['a display name', 'Name <a@b.com>'],
  ['an angle address', '<a@b.com>'],
  ['a group', 'group: a@b.com;'],
  ['a comment', 'a@b.com (comment)'],
  ['a comment without space', 'a(comment)@b.com'],
  ['a header injected after CR LF', 'a@b.com\r\nBcc: x@y.com'],
  ['a trailing line feed', 'a@b.com\n'],
  ['a trailing tab', 'a@b.com\t'],
  ['a NUL inside', 'a\u0000@b.com'],
  ['a NUL at the end', 'a@b.com\u0000'],
  ['a DEL', 'a\u007f@b.com'],
  ['a Unicode line separator', 'a@b.com\u2028x@y.com'],
  ['a Unicode paragraph separator', 'a\u2029@b.com'],
  ['two @', 'a@@b.com'],
  ['an @ in a quoted local part', '"a@c"@b.com'],
  ['a quoted local part with a space', '"a b"@c.com'],
  ['an IPv4 literal', 'a@[1.2.3.4]'],
  ['an IPv6 literal', 'a@[IPv6:::1]'],
  ['a bare IP address', 'a@1.2.3.4'],
  ['no dot in the domain', 'a@b'],
  ['a leading dot', '.a@b.com'],
  ['a trailing dot before the @', 'a.@b.com'],
  ['two dots in the local part', 'a..b@c.com'],
  ['two dots in the domain', 'a@b..com'],
  ['a trailing dot in the domain', 'a@b.com.'],
  ['a domain label starting with a hyphen', 'a@-b.com'],
  ['a space inside', 'a b@c.com'],
  ['a space in the domain', 'a@b .com'],
  ['nothing before the @', '@b.com'],
  ['nothing after the @', 'a@'],
  ['no @ at all', 'ab.com'],
  ['a percent-hack route', 'a%evil.com@relay.com'],
  ['a bang path', 'evil.com!a@relay.com'],
  ['a non-breaking space', 'a\u00a0@b.com'],
  ['a local part of 65 characters', `${'a'.repeat(65)}@b.com`],
  ['255 characters', `${longest}x`],
  ['a very long value', `${'a'.repeat(64)}@${'b.'.repeat(600)}com`],
];

/** [what is sent, what is stored]: each must be accepted. */
export const VALID_EMAILS: [string, string][] = [
  ['a@b.co', 'a@b.co'],
  ['Ramesh.Traders+bills@Mail.Example.CO.IN', 'Ramesh.Traders+bills@mail.example.co.in'],
  ["o'brien@example.ie", "o'brien@example.ie"],
  ['  shop_1-a@sub-domain.example.com  ', 'shop_1-a@sub-domain.example.com'],
  ['x@xn--p1ai.xn--p1ai', 'x@xn--p1ai.xn--p1ai'],
  [`${local64}@b.in`, `${local64}@b.in`],
  [longest, longest],
];
