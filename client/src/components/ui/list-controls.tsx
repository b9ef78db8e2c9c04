import { Loader, Pagination, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/use-t';

type ListSearchProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** True while the typed text has not been answered yet (debounce, or the request in flight). */
  searching: boolean;
};

/** The search box above a server-searched list (users, bills): at most 100 characters, as the API allows. */
export function ListSearch({ label, placeholder, value, onChange, searching }: ListSearchProps) {
  const t = useT();
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={searching ? <Loader size="xs" role="status" aria-label={t('listControls.searching')} /> : null}
      type="search"
      maxLength={100}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={420}
    />
  );
}

type ListPaginationProps = { total: number; value: number; onChange: (page: number) => void };

/** Page buttons under a paged list, each named for screen readers; nothing when there is one page. */
export function ListPagination({ total, value, onChange }: ListPaginationProps) {
  const t = useT();
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={Math.min(value, total)}
      onChange={onChange}
      size="sm"
      siblings={1}
      boundaries={1}
      getControlProps={(control) => ({
        'aria-label': t(control === 'previous' ? 'listControls.previousPage' : 'listControls.nextPage'),
      })}
      getItemProps={(item) => ({ 'aria-label': t('listControls.page', { page: item }) })}
    />
  );
}
