import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../test/render';
import { Tabs } from './Tabs';

const tabs = [
  { id: 'indices', label: 'Indices', content: <p>Indices panel</p> },
  { id: 'futures', label: 'Futures', content: <p>Futures panel</p> },
  { id: 'bonds', label: 'Bonds', content: <p>Bonds panel</p> },
];

describe('Tabs', () => {
  it('switches panels by click and arrow keys with one tab stop', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderUi(<Tabs tabs={tabs} label="Market overview" onChange={onChange} />);
    expect(screen.getByRole('tablist', { name: 'Market overview' })).toBeInTheDocument();
    const indices = screen.getByRole('tab', { name: 'Indices' });
    expect(indices).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Futures' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Indices' })).toHaveTextContent('Indices panel');

    await user.click(screen.getByRole('tab', { name: 'Bonds' }));
    expect(onChange).toHaveBeenLastCalledWith('bonds');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Bonds panel');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Indices' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Indices panel');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Bonds' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Futures' })).toHaveFocus();
  });
});
