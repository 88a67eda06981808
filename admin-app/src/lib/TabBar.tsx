import type { KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  flex-wrap: wrap;
`;

const Tab = styled.button<{ $selected: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ theme }) => theme.controlHeight.small};
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $selected }) => ($selected ? theme.colors.primaryText : theme.colors.text)};
  font-weight: 600;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export interface TabDef<K extends string> {
  key: K;
  label: ReactNode;
}

/** A tab list (arrow keys move between tabs); the caller renders the selected panel. */
export function TabBar<K extends string>({ tabs, selected, onSelect, label, idPrefix }: { tabs: readonly TabDef<K>[]; selected: K; onSelect(key: K): void; label: string; idPrefix: string }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const i = tabs.findIndex((t) => t.key === selected);
    const next = tabs[(i + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (next) onSelect(next.key);
  };
  return (
    <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <Tab
          key={t.key}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${t.key}`}
          aria-selected={t.key === selected}
          aria-controls={`${idPrefix}-panel-${t.key}`}
          tabIndex={t.key === selected ? 0 : -1}
          $selected={t.key === selected}
          onClick={() => onSelect(t.key)}
        >
          {t.label}
        </Tab>
      ))}
    </List>
  );
}

export const tabPanelProps = (idPrefix: string, key: string) => ({
  role: 'tabpanel' as const,
  id: `${idPrefix}-panel-${key}`,
  'aria-labelledby': `${idPrefix}-tab-${key}`,
});
