// The API reference page (/api/docs): reads /api/openapi.json and shows each route grouped by feature, with
// its roles, parameters and body fields. Served by the server itself under the Content Security Policy (no
// inline script, nothing from another origin); every text goes in with textContent, never as HTML.
/* global document */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child !== undefined && child !== null) node.append(child);
  return node;
}

/** "#/components/schemas/Error" → the schema it names. */
function resolve(reference, schema) {
  if (!schema || typeof schema.$ref !== 'string') return schema ?? {};
  return schema.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, key) => (node ? node[key] : undefined), reference);
}

/** A JSON Schema in a few words: "string, 1–120 characters", "integer, 0 to 1000000", "one of: a, b". */
function describe(schema) {
  if (!schema || Object.keys(schema).length === 0) return 'any value';
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map(String).join(', ')}`;
  if ('const' in schema) return `exactly ${JSON.stringify(schema.const)}`;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return alternatives.map(describe).join(' or ');
  const words = [];
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type === 'array') words.push(`list of ${describe(schema.items)}`);
  else if (type) words.push(type);
  if (schema.format) words.push(schema.format);
  if (schema.contentMediaType) words.push(schema.contentMediaType);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    words.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '…'} characters`);
  }
  const low = schema.minimum ?? schema.exclusiveMinimum;
  const high = schema.maximum ?? schema.exclusiveMaximum;
  if (low !== undefined || high !== undefined) {
    words.push(
      [
        low !== undefined ? `${schema.exclusiveMinimum !== undefined ? 'above' : 'from'} ${low}` : '',
        high !== undefined ? `${schema.exclusiveMaximum !== undefined ? 'below' : 'to'} ${high}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  }
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    words.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '…'} entries`);
  }
  if (schema.default !== undefined) words.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) words.push(schema.description);
  return words.join(', ') || 'any value';
}

/** The fields of an object schema as a list; nested objects (and lists of objects) as nested lists. */
function fieldList(schema, depth = 0) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const list = element('ul', { class: 'fields' });
  for (const [name, property] of Object.entries(properties)) {
    const item = element(
      'li',
      {},
      element('code', {}, name),
      ' ',
      element('span', { class: required.has(name) ? 'required' : 'optional' }, required.has(name) ? 'required' : 'optional'),
      ' ',
      describe(property),
    );
    const nested = property.type === 'array' ? property.items : property;
    if (depth < 3 && nested && nested.properties) item.append(fieldList(nested, depth + 1));
    list.append(item);
  }
  return list;
}

function section(title, ...content) {
  return element('div', { class: 'part' }, element('h4', {}, title), ...content);
}

function routeArticle(reference, path, method, operation, id) {
  const heading = element(
    'h3',
    { id },
    element('span', { class: `method method-${method}` }, method.toUpperCase()),
    ' ',
    element('code', { class: 'path' }, path),
  );
  const article = element('article', { class: 'route', 'aria-labelledby': id }, heading);
  if (operation.summary) article.append(element('p', { class: 'summary' }, operation.summary));

  const roles = operation['x-roles'];
  const who = roles ? `Signed in as ${roles.join(', ')} (Authorization: Bearer <token>)` : 'Public: no sign-in needed';
  const extra = operation['x-allow-before-password-reset'] ? '; also before a first password change' : '';
  article.append(element('p', { class: 'roles' }, element('strong', {}, 'Who: '), who + extra));

  const parameters = operation.parameters ?? [];
  if (parameters.length > 0) {
    const list = element('ul', { class: 'fields' });
    for (const parameter of parameters) {
      list.append(
        element(
          'li',
          {},
          element('code', {}, parameter.name),
          ` (${parameter.in}) `,
          element('span', { class: parameter.required ? 'required' : 'optional' }, parameter.required ? 'required' : 'optional'),
          ' ',
          [describe(parameter.schema), parameter.description].filter(Boolean).join('. '),
        ),
      );
    }
    article.append(section('Parameters', list));
  }

  const content = operation.requestBody?.content ?? {};
  for (const [mediaType, { schema }] of Object.entries(content)) {
    const resolved = resolve(reference, schema);
    const body = resolved.properties ? fieldList(resolved) : element('p', {}, describe(resolved));
    article.append(section(`Body (${mediaType})`, body));
  }

  // Success answers with their meaning; errors by status only, explained once in the legend at the top.
  const answers = element('ul', { class: 'answers' });
  const errors = [];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (Number(status) >= 400) errors.push(status);
    else answers.append(element('li', {}, element('code', {}, status), ' ', resolve(reference, response).description ?? ''));
  }
  if (errors.length > 0) answers.append(element('li', {}, 'Errors: ', element('code', {}, errors.join(', '))));
  article.append(section('Answers', answers));
  return article;
}

function render(reference) {
  const main = document.getElementById('main');
  const status = document.getElementById('status');
  const toc = document.getElementById('toc');
  const groups = new Map();
  for (const [path, item] of Object.entries(reference.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push({ path, method, operation });
    }
  }

  // Each error status once, with its meaning, from the responses the routes refer to.
  const meanings = new Map();
  for (const { operation } of [...groups.values()].flat()) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (Number(status) >= 400) meanings.set(status, resolve(reference, response).description ?? '');
    }
  }
  const legend = document.getElementById('errors');
  for (const status of [...meanings.keys()].sort()) {
    legend.append(element('dt', {}, element('code', {}, status)), element('dd', {}, meanings.get(status)));
  }

  const sections = [];
  let count = 0;
  for (const tag of [...groups.keys()].sort()) {
    const headingId = `feature-${tag}`;
    const group = element('section', { class: 'feature', 'aria-labelledby': headingId }, element('h2', { id: headingId }, tag));
    for (const { path, method, operation } of groups.get(tag)) {
      count += 1;
      const article = routeArticle(reference, path, method, operation, `route-${count}`);
      article.dataset.search =
        `${method} ${path} ${tag} ${operation.summary ?? ''} ${(operation['x-roles'] ?? ['public']).join(' ')}`.toLowerCase();
      group.append(article);
    }
    toc.append(element('li', {}, element('a', { href: `#${headingId}` }, `${tag} (${groups.get(tag).length})`)));
    sections.push(group);
  }
  main.append(...sections);

  const filter = document.getElementById('filter');
  const announce = (shown) => {
    status.textContent = shown === count ? `${count} routes` : `${shown} of ${count} routes match`;
  };
  filter.disabled = false;
  filter.addEventListener('input', () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const group of sections) {
      let visible = 0;
      for (const article of group.querySelectorAll('article')) {
        const match = words.every((word) => article.dataset.search.includes(word));
        article.hidden = !match;
        if (match) visible += 1;
      }
      group.hidden = visible === 0;
      shown += visible;
    }
    announce(shown);
  });
  announce(count);
}

fetch('/api/openapi.json', { headers: { Accept: 'application/json' } })
  .then((response) => {
    if (!response.ok) throw new Error(`The reference could not be loaded (${response.status})`);
    return response.json();
  })
  .then(render)
  .catch((error) => {
    document.getElementById('status').textContent = error instanceof Error ? error.message : String(error);
  });
