import { useState } from 'react';
import { screen, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../../test/render';
import { testPhoneRule } from '../../test/phoneRule';
import { Input, type InputProps } from './Input';

/** Controlled Input with its own state; reports every onChange value. */
function Harness(props: Partial<InputProps> & { initial?: string; onValue?: (v: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <Input
      label="Email"
      name="email"
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('Input', () => {
  it('binds the label, shows the default placeholder and is 47px tall', () => {
    renderUi(<Harness label="First Name" name="firstName" />);
    const input = screen.getByLabelText('First Name');
    expect(input).toHaveAttribute('placeholder', 'Enter text.');
    expect(input).toHaveStyle({ height: '47px' });
  });

  it('shows "This field is required." after blur when required and empty', async () => {
    const user = userEvent.setup();
    renderUi(<Harness label="First Name" name="firstName" required />);
    const input = screen.getByLabelText(/First Name/);
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    await user.click(input);
    await user.tab();
    const message = screen.getByText('This field is required.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', message.id);
    await user.type(input, 'Ann');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the required message when the form is submitted untouched', () => {
    renderUi(
      <form noValidate onSubmit={(e) => e.preventDefault()}>
        <Harness label="Username" name="username" required />
        <button type="submit">Send</button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it('replaces the browser bubble on native invalid and focuses the field', () => {
    renderUi(
      <form>
        <Harness label="Username" name="username" required />
      </form>,
    );
    const input = screen.getByLabelText(/Username/) as HTMLInputElement;
    const event = new Event('invalid', { cancelable: true });
    fireEvent(input, event);
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('shows no messages on blur when validateOnBlur is false', async () => {
    const user = userEvent.setup();
    renderUi(<Harness label="Username" name="username" required validateOnBlur={false} />);
    await user.click(screen.getByLabelText(/Username/));
    await user.tab();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('checks email format', async () => {
    const user = userEvent.setup();
    renderUi(<Harness type="email" required />);
    const input = screen.getByLabelText(/Email/);
    expect(input).toHaveAttribute('type', 'email');
    await user.type(input, 'ann@example');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.type(input, '.com');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  });

  it('shows an error passed in when its own checks pass', () => {
    renderUi(<Harness label="Confirm Password" name="confirm" type="password" initial="x" error="Passwords do not match!" />);
    const input = screen.getByLabelText('Confirm Password');
    expect(screen.getByText('Passwords do not match!')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('starts a password masked and toggles it with a labelled button', async () => {
    const user = userEvent.setup();
    renderUi(<Harness label="Password" name="password" type="password" initial="secret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('passes number and date types with min and max through', () => {
    renderUi(
      <>
        <Harness label="Amount" name="amount" type="number" min={0} />
        <Harness label="Date of birth" name="dob" type="date" min="1990-01-01" max="2024-12-31" />
      </>,
    );
    expect(screen.getByLabelText('Amount')).toHaveAttribute('type', 'number');
    const dob = screen.getByLabelText('Date of birth');
    expect(dob).toHaveAttribute('type', 'date');
    expect(dob).toHaveAttribute('min', '1990-01-01');
    expect(dob).toHaveAttribute('max', '2024-12-31');
  });

  it('links a hint to the field', () => {
    renderUi(<Harness label="Amount" name="amount" hint="Max" />);
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription('Max');
  });
});

describe('Input type phone', () => {
  it('gives E.164 while typing with grouped digits, and "" when cleared', async () => {
    const user = userEvent.setup();
    const values: string[] = [];
    renderUi(<Harness label="Phone Number" name="phone" type="phone" phoneRule={testPhoneRule} defaultCountry="GB" onValue={(v) => values.push(v)} />);
    const input = screen.getByLabelText('Phone Number');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('maxlength', '250');
    await user.type(input, '7911123456');
    expect(values.at(-1)).toBe('+447911123456');
    expect(input).toHaveValue('791 112 3456');
    await user.clear(input);
    expect(values.at(-1)).toBe('');
    expect(input).toHaveValue('');
  });

  it('has a labelled country selector that changes the dialling code', async () => {
    const user = userEvent.setup();
    const values: string[] = [];
    renderUi(<Harness label="Phone Number" name="phone" type="phone" phoneRule={testPhoneRule} initial="+14155550123" onValue={(v) => values.push(v)} />);
    const select = screen.getByRole('combobox', { name: 'Phone Number country code' });
    expect(select).toHaveValue('US');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('415 555 0123');
    await user.selectOptions(select, 'DE');
    expect(values.at(-1)).toBe('+494155550123');
  });

  it('ignores non-digits and stops at 17 digits', async () => {
    const user = userEvent.setup();
    const values: string[] = [];
    renderUi(<Harness label="Phone Number" name="phone" type="phone" phoneRule={testPhoneRule} onValue={(v) => values.push(v)} />);
    await user.type(screen.getByLabelText('Phone Number'), '(415) abc 555-0123 999 999 999 9');
    expect(values.at(-1)).toBe(`+1${'41555501239999999'}`);
  });

  it('shows the required message for an empty required phone on blur', async () => {
    const user = userEvent.setup();
    renderUi(<Harness label="Phone Number" name="phone" type="phone" phoneRule={testPhoneRule} required />);
    await user.click(screen.getByLabelText(/Phone Number/, { selector: 'input' }));
    await user.tab();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });
});

describe('Input reset and outside values', () => {
  it('forgets the touched state when the form clears the field', async () => {
    const user = userEvent.setup();
    function Form() {
      const [value, setValue] = useState('');
      return (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setValue('');
          }}
        >
          <Input label="Name" name="name" required value={value} onChange={setValue} />
          <button type="submit">Save</button>
        </form>
      );
    }
    renderUi(<Form />);
    await user.type(screen.getByLabelText(/Name/), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('follows a phone value of another country set from outside', () => {
    const { rerender } = renderUi(<Input label="Phone Number" name="phone" type="phone" phoneRule={testPhoneRule} value="" onChange={() => {}} />);
    rerender(<Input label="Phone Number" name="phone" type="phone" phoneRule={testPhoneRule} value="+447911123456" onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Phone Number country code' })).toHaveValue('GB');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('791 112 3456');
  });

  it('shows a stored phone without + as national digits', () => {
    renderUi(<Input label="Phone Number" name="phone" type="phone" phoneRule={testPhoneRule} value="0801 234" onChange={() => {}} />);
    expect(screen.getByLabelText('Phone Number')).toHaveValue('080 1234');
  });
});
