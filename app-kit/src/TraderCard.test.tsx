import { screen, within } from '@testing-library/react';
import { renderUi } from '../test/render';
import { TraderCard, type TraderFigures } from './TraderCard';
import { theme } from '@halcyon/shared-ui';

const grace: TraderFigures = { name: 'Grace Hopper', imageUrl: '/uploads/grace.png', wins: 70, losses: 30, winRate: 70, profitShare: '20%' };

const show = (trader: TraderFigures) =>
  renderUi(
    <ul>
      <TraderCard trader={trader} action={<button type="button">Copy</button>} />
    </ul>,
  );

describe('TraderCard', () => {
  it('is a list item named by the trader, with photo, figures and the app\'s action', () => {
    show(grace);
    const card = within(screen.getByRole('listitem', { name: 'Grace Hopper' }));
    expect(card.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Grace Hopper' })).toHaveAttribute('src', '/uploads/grace.png');
    const figures = card.getAllByRole('definition').map((d) => d.textContent);
    expect(card.getAllByRole('term').map((t) => t.textContent)).toEqual(['Wins', 'Losses', 'Win rate', 'Profit share']);
    expect(figures).toEqual(['70', '30', '70%', '20%']);
    expect(card.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it.each([
    [60, 'success', theme.colors.success],
    [59, 'orange', theme.colors.orange],
  ])('shows a win rate of %i in %s', (winRate, tone, colour) => {
    show({ ...grace, winRate });
    const rate = screen.getByText(`${winRate}%`);
    expect(rate).toHaveAttribute('data-tone', tone);
    expect(rate).toHaveStyle({ color: colour });
  });
});
