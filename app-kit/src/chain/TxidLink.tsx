import styled from 'styled-components';
import { visuallyHidden } from '@halcyon/shared-ui';

/** The explorer's page of a transaction, only as a web address (never `javascript:` or a data URL). */
export const webLink = (url: string | null | undefined): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

const HEAD = 8;
const TAIL = 6;

/** A transaction id as a table shows it: its first 8 and last 6 characters ('3f2a1b4c…91bc0e'); a short one whole. */
export function shortTxid(txid: string): string {
  return txid.length <= HEAD + TAIL + 1 ? txid : `${txid.slice(0, HEAD)}…${txid.slice(-TAIL)}`;
}

export interface TxidLinkProps {
  txid: string;
  /** The transaction on the chain's explorer; plain text without one (or with anything but a web address) */
  explorerUrl?: string | null;
}

/**
 * A deposit's paying transaction in a list (issue 26): the short id, linking the block explorer in
 * a new tab when one is configured. The whole id is the element's title and, for screen readers,
 * part of the link's name is that it opens a new tab.
 */
export function TxidLink({ txid, explorerUrl }: TxidLinkProps) {
  const href = webLink(explorerUrl);
  const text = <Code title={txid}>{shortTxid(txid)}</Code>;
  if (!href) return text;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {text}
      <Hidden> (opens the block explorer in a new tab)</Hidden>
    </Link>
  );
}

const Code = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  white-space: nowrap;
`;

const Link = styled.a`
  color: ${({ theme }) => theme.colors.info};
`;

const Hidden = styled.span`${visuallyHidden}`;
