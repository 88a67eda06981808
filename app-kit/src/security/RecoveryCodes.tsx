import styled from 'styled-components';
import { brandAtom, saveFile, store } from '@halcyon/api-client/http';
import { Button } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';

// One code a cell, numbered by CSS (not in the text: a copy or a screen reader gets the code
// alone), as many columns as fit up to five: two on a phone, two rows of five on a desktop. A
// cell never wraps, and a column is never narrower than a code, so codes cannot run into each other.
const CELL = '10.5em';
const Grid = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${CELL}), 1fr));
  gap: ${({ theme }) => theme.space(2)};
  max-width: calc(5 * ${CELL} + 4 * ${({ theme }) => theme.space(2)});
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: recovery;

  li {
    counter-increment: recovery;
    display: flex;
    align-items: baseline;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radiusSmall};
    background: ${({ theme }) => theme.colors.inputBackground};
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.font.size.normal};
    white-space: nowrap;
    user-select: all;
  }
  li::before {
    content: counter(recovery);
    min-width: 2ch;
    text-align: right;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.small};
    user-select: none;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** All the codes, one a line: what Copy puts on the clipboard. */
const asLines = (codes: readonly string[]) => codes.join('\n');

async function copy(codes: readonly string[]): Promise<void> {
  try {
    await navigator.clipboard.writeText(asLines(codes));
    toast.success('Recovery codes copied.');
  } catch {
    // No clipboard (a page over plain http, a browser that refuses): the codes are on screen.
    toast.error('Could not copy the codes: select them and copy them by hand, or download them.');
  }
}

/** A text file named after the brand, the codes one a line under two lines saying what they are. */
function download(codes: readonly string[]): void {
  const brand = store.get(brandAtom);
  const text = `${brand} recovery codes\nEach works once, in place of a code from your authenticator app.\n\n${asLines(codes)}\n`;
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), `${brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`);
}

/** The ten recovery codes, shown once after two-factor is turned on: a grid, Copy, Download, and the way on. */
export function RecoveryCodes({ codes, onSaved }: { codes: readonly string[]; onSaved(): void }) {
  return (
    <>
      <p>Two-factor authentication is on. Save these recovery codes somewhere safe, away from your phone. Each works once, in place of a code, if you lose your phone. They are shown only now.</p>
      {/* role="list": Safari drops a list's semantics with list-style: none */}
      <Grid role="list" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Grid>
      <Actions>
        <Button variant="secondary" onClick={() => void copy(codes)}>
          Copy
        </Button>
        <Button variant="secondary" onClick={() => download(codes)}>
          Download
        </Button>
        <Button onClick={onSaved}>I have saved my recovery codes</Button>
      </Actions>
    </>
  );
}
