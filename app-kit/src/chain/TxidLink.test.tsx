import { screen } from '@testing-library/react';
import { renderUi } from '../../test/render';
import { TxidLink, shortTxid, webLink } from './TxidLink';

const TXID = '3f2a1b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d91bc0e';

describe('TxidLink', () => {
  it('shortens a transaction id to its first 8 and last 6 characters; a short one stays whole', () => {
    expect(shortTxid(TXID)).toBe('3f2a1b4c…91bc0e');
    expect(shortTxid('f00dfeed')).toBe('f00dfeed');
    expect(shortTxid('0123456789abcde')).toBe('0123456789abcde');
    expect(shortTxid('0123456789abcdef')).toBe('01234567…abcdef');
  });

  it('links the explorer in a new tab, without giving it the opener', () => {
    renderUi(<TxidLink txid={TXID} explorerUrl={`https://mempool.example/tx/${TXID}`} />);
    const link = screen.getByRole('link', { name: /3f2a1b4c…91bc0e/ });
    expect(link).toHaveAttribute('href', `https://mempool.example/tx/${TXID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('3f2a1b4c…91bc0e (opens the block explorer in a new tab)');
    expect(screen.getByTitle(TXID)).toHaveTextContent('3f2a1b4c…91bc0e');
  });

  it.each([[null], [undefined], ['javascript:alert(1)']])('is plain text without a web address (%s)', (explorerUrl) => {
    renderUi(<TxidLink txid={TXID} explorerUrl={explorerUrl} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTitle(TXID)).toHaveTextContent('3f2a1b4c…91bc0e');
  });

  it('accepts only web addresses as explorer links', () => {
    expect(webLink('https://mempool.space/tx/ab')).toBe('https://mempool.space/tx/ab');
    expect(webLink('HTTP://explorer.local/tx/ab')).toBe('HTTP://explorer.local/tx/ab');
    expect(webLink('javascript:alert(1)')).toBeNull();
    expect(webLink(null)).toBeNull();
    expect(webLink(undefined)).toBeNull();
  });
});
