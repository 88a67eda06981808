import { screen } from '@testing-library/react';
import { renderUi } from '../test/render';
import { StatusBadge, statusTone } from './StatusBadge';
import { theme } from './theme';

describe('StatusBadge', () => {
  it.each([
    ['approved', 'Approved', theme.colors.success],
    ['declined', 'Declined', theme.colors.danger],
    ['pending', 'Pending', theme.colors.warning],
    ['ended', 'Ended', theme.colors.warning],
    ['processing', 'Processing', theme.colors.info],
  ])('shows %s in its colour', (status, text, colour) => {
    renderUi(<StatusBadge status={status} />);
    expect(screen.getByText(text)).toHaveStyle({ backgroundColor: colour });
  });

  it('shows a status without a spec colour (the ledger\'s completed) as neutral, not green', () => {
    renderUi(<StatusBadge status="completed" />);
    const badge = screen.getByText('Completed');
    expect(badge).toHaveAttribute('data-tone', 'neutral');
    expect(badge).toHaveStyle({ backgroundColor: theme.colors.textMuted });
  });

  it('matches statuses whatever their case', () => {
    expect(statusTone('APPROVED')).toBe('success');
    expect(statusTone('Declined')).toBe('danger');
    expect(statusTone('active')).toBe('neutral');
  });
});
