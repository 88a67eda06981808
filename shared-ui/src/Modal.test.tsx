import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../test/render';
import { ConfirmDialog, Modal } from './Modal';

function ModalHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Fund
      </button>
      <Modal open={open} title="Deposit" onClose={() => setOpen(false)} footer={<button type="button">Deposit now</button>}>
        <label>
          Amount
          <input name="amount" />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus and gives it back on Escape', async () => {
    const user = userEvent.setup();
    renderUi(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Fund' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Deposit' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Amount')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with the Close button', async () => {
    const user = userEvent.setup();
    renderUi(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Fund' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fund' })).toHaveFocus();
  });

  it('gives the focus to the main content when what opened it is gone (an approved row left its list)', async () => {
    function Gone() {
      const [open, setOpen] = useState(false);
      const [row, setRow] = useState(true);
      return (
        <main tabIndex={-1}>
          {row ? (
            <button type="button" onClick={() => setOpen(true)}>
              Approve
            </button>
          ) : null}
          <Modal
            open={open}
            title="Approve deposit"
            onClose={() => {
              setRow(false);
              setOpen(false);
            }}
          >
            <p>Sure?</p>
          </Modal>
        </main>
      );
    }
    const user = userEvent.setup();
    renderUi(<Gone />);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderUi(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Fund' }));
    expect(screen.getByLabelText('Amount')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Deposit now' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Deposit now' })).toHaveFocus();
  });

  it('renders nothing when closed', () => {
    renderUi(<Modal open={false} title="Hidden" onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('confirms and cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderUi(<ConfirmDialog open title="Delete user" message="Delete this user?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: 'Delete user' })).toHaveTextContent('Delete this user?');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('disables the confirm button while busy', () => {
    renderUi(<ConfirmDialog open title="Delete user" message="Sure?" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}} busy />);
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
  });
});
