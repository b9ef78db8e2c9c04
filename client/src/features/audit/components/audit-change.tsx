import { Box, Paper, SimpleGrid, Text, Title } from '@mantine/core';

type Fields = Record<string, unknown>;

function asFields(value: unknown): Fields | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Fields;
  return { value };
}

/** 'partyName' → 'Party name'; 'tier_billing' → 'Tier billing'. */
function fieldLabel(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.join(', ');
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Fields)
      .map(([key, inner]) => `${fieldLabel(key)}: ${show(inner)}`)
      .join('; ');
  }
  return JSON.stringify(value);
}

type SideProps = { title: string; fields: Fields | null; names: string[]; changed: Set<string> };

function Side({ title, fields, names, changed }: SideProps) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Title order={4} size="h6" mb={4}>
        {title}
      </Title>
      {fields === null ? (
        <Text size="sm" c="dimmed">
          Nothing ({title === 'Before' ? 'the record was new' : 'the record was removed'})
        </Text>
      ) : (
        <Box component="dl" m={0}>
          {names.map((name) => {
            const isChanged = changed.has(name);
            return (
              <Box
                key={name}
                px={4}
                py={2}
                style={{ display: 'grid', gridTemplateColumns: 'minmax(7rem, 40%) 1fr', gap: '0.5rem', borderRadius: 4 }}
                bg={isChanged ? 'yellow.1' : undefined}
                data-changed={isChanged || undefined}
              >
                <Text component="dt" size="sm" fw={600}>
                  {fieldLabel(name)}
                  {isChanged && (
                    <Text component="span" size="xs" fw={700}>
                      {' '}
                      (changed)
                    </Text>
                  )}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {show(fields[name])}
                </Text>
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

/**
 * An audit entry's before and after, side by side (stacked on phones): each field by its name, the ones that
 * differ marked in colour and in words.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const beforeFields = asFields(before);
  const afterFields = asFields(after);
  const names = [...new Set([...Object.keys(beforeFields ?? {}), ...Object.keys(afterFields ?? {})])];
  const changed = new Set(
    names.filter(
      (name) =>
        beforeFields !== null && afterFields !== null && JSON.stringify(beforeFields[name]) !== JSON.stringify(afterFields[name]),
    ),
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      <Side title="Before" fields={beforeFields} names={names} changed={changed} />
      <Side title="After" fields={afterFields} names={names} changed={changed} />
    </SimpleGrid>
  );
}
