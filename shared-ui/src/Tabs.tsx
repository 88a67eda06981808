import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './a11y';

// min-width 0: a long tab row scrolls instead of widening a grid or flex parent.
const Root = styled.div`
  min-width: 0;
`;

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  overflow-x: auto;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button<{ $active: boolean }>`
  flex: none;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 0;
  border-bottom: 3px solid ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
  background: transparent;
  color: ${({ theme, $active }) => ($active ? theme.colors.text : theme.colors.textMuted)};
  font-weight: ${({ $active }) => ($active ? 700 : 500)};
  cursor: pointer;
  ${focusRing}
`;

const Panel = styled.div`
  padding-top: ${({ theme }) => theme.space(4)};
  ${focusRing}
`;

export interface TabItem<K extends string = string> {
  id: K;
  label: ReactNode;
  /** Panel content; tabs without content act as a plain switcher (use value/onChange). */
  content?: ReactNode;
}

export interface TabsProps<K extends string = string> {
  tabs: readonly TabItem<K>[];
  /** Accessible name of the tab list. */
  label: string;
  value?: K;
  defaultValue?: K;
  onChange?: (id: K) => void;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active tab is in the Tab order. */
export function Tabs<K extends string = string>({ tabs, label, value, defaultValue, onChange }: TabsProps<K>) {
  const baseId = useId();
  const [inner, setInner] = useState<K | undefined>(defaultValue ?? tabs[0]?.id);
  const active = value ?? inner;
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: K) => {
    if (value === undefined) setInner(id);
    onChange?.(id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === active);
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    const target = tabs[next];
    if (!target) return;
    e.preventDefault();
    select(target.id);
    refs.current.get(target.id)?.focus();
  };

  const activeTab = tabs.find((t) => t.id === active);
  return (
    <Root>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const selected = t.id === active;
          return (
            <Tab
              key={t.id}
              ref={(el) => {
                if (el) refs.current.set(t.id, el);
                else refs.current.delete(t.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={t.content !== undefined ? `${baseId}-panel-${t.id}` : undefined}
              tabIndex={selected ? 0 : -1}
              $active={selected}
              onClick={() => select(t.id)}
            >
              {t.label}
            </Tab>
          );
        })}
      </List>
      {activeTab && activeTab.content !== undefined ? (
        <Panel role="tabpanel" id={`${baseId}-panel-${activeTab.id}`} aria-labelledby={`${baseId}-tab-${activeTab.id}`} tabIndex={0}>
          {activeTab.content}
        </Panel>
      ) : null}
    </Root>
  );
}
