import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderUi } from '../test/render';
import { Button } from './Button';
import { theme } from './theme';

describe('Button', () => {
  it('is a type=button pink primary by default, white secondary on request', () => {
    renderUi(
      <>
        <Button>Withdraw Now</Button>
        <Button variant="secondary">Cancel</Button>
      </>,
    );
    const primary = screen.getByRole('button', { name: 'Withdraw Now' });
    expect(primary).toHaveAttribute('type', 'button');
    expect(primary).toHaveStyle({ backgroundColor: theme.colors.primary, color: theme.colors.primaryText });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveStyle({ backgroundColor: theme.colors.secondary });
  });

  it('has small and normal heights', () => {
    renderUi(
      <>
        <Button size="small">Small</Button>
        <Button>Normal</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Small' })).toHaveStyle({ minHeight: '36px' });
    expect(screen.getByRole('button', { name: 'Normal' })).toHaveStyle({ minHeight: '47px' });
  });

  it('puts the icon left or right of the text', () => {
    renderUi(
      <>
        <Button icon={<svg data-testid="l" />}>Left</Button>
        <Button icon={<svg data-testid="r" />} iconPosition="right">
          Right
        </Button>
      </>,
    );
    const left = screen.getByRole('button', { name: 'Left' });
    expect(left.firstElementChild).toContainElement(screen.getByTestId('l'));
    const right = screen.getByRole('button', { name: 'Right' });
    expect(right.lastElementChild).toContainElement(screen.getByTestId('r'));
  });

  it('renders a router link with `to`', async () => {
    const user = userEvent.setup();
    renderUi(
      <Routes>
        <Route path="/" element={<Button to="/user/deposit">Deposit</Button>} />
        <Route path="/user/deposit" element={<p>Deposit page</p>} />
      </Routes>,
    );
    const link = screen.getByRole('link', { name: 'Deposit' });
    expect(link).toHaveAttribute('href', '/user/deposit');
    await user.click(link);
    expect(screen.getByText('Deposit page')).toBeInTheDocument();
  });

  it('is disabled, busy and shows a spinner while loading', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderUi(
      <Button loading onClick={onClick}>
        Confirm Payment
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Confirm Payment' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('submits forms when asked to', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((e: { preventDefault(): void }) => e.preventDefault());
    renderUi(
      <form onSubmit={onSubmit}>
        <Button type="submit">Login</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
