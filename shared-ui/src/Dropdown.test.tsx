import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../test/render';
import { Dropdown } from './Dropdown';

function Harness({ closeOnItemClick }: { closeOnItemClick?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <p>Outside text</p>
      <Dropdown trigger={<span aria-hidden="true">A</span>} triggerLabel="Account menu" open={open} onOpenChange={setOpen} closeOnItemClick={closeOnItemClick}>
        <p>ann@example.com</p>
        <button type="button">Logout</button>
      </Dropdown>
    </div>
  );
}

describe('Dropdown', () => {
  it('toggles from a labelled button with aria-expanded', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    await user.click(trigger);
    expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument();
  });

  it('closes on a pointerdown anywhere outside, not inside', async () => {
    const user = userEvent.setup();
    renderUi(<Harness closeOnItemClick={false} />);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.pointerDown(screen.getByText('ann@example.com'));
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByText('Outside text'));
    expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument();
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    await user.click(trigger);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes after an item is clicked', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument();
  });
});
