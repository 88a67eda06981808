import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { visuallyHidden } from '../a11y';
import { Button } from '../Button';
import { controlCss } from '../input/Field';

const Input = styled.input`
  ${controlCss}
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) { max-width: 320px; }
`;

const Label = styled.label`${visuallyHidden}`;

export interface SearchBoxProps {
  label: string;
  /** The search in force (a remount shows it again). */
  value?: string;
  onSearch(q: string): void;
  /** ms after the last keystroke (one request per pause in typing, not per key); 0: at once. */
  delay?: number;
}

/** A search field; for a server's list, what was typed goes out once the typing pauses. */
export function SearchBox({ label, value = '', onSearch, delay = 300 }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        placeholder={`${label}...`}
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          clearTimeout(timer.current);
          if (delay) timer.current = setTimeout(() => onSearch(next.trim()), delay);
          else onSearch(next);
        }}
        // Enter searches at once, and never submits a form the box sits in.
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          clearTimeout(timer.current);
          onSearch(delay ? text.trim() : text);
        }}
      />
    </div>
  );
}

export interface LoadMoreProps {
  hasMore?: boolean;
  onLoadMore?: () => void;
  loading?: boolean;
}

/** 'Load more' under a server-paged list while the server has more. */
export function LoadMore({ hasMore, onLoadMore, loading }: LoadMoreProps) {
  return hasMore ? (
    <Button variant="secondary" style={{ alignSelf: 'center' }} loading={loading} onClick={onLoadMore}>
      Load more
    </Button>
  ) : null;
}
