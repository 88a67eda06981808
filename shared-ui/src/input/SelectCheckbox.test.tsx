import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../../test/render';
import { Checkbox } from './Checkbox';
import { Select } from './Select';

const methods = [
  { value: 'bank', label: 'Bank' },
  { value: 'bitcoin', label: 'Bitcoin' },
];

function SelectHarness({ onValue }: { onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Select
      label="Method"
      name="method"
      required
      placeholder="Select method"
      options={methods}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('Select', () => {
  it('is labelled, reports the chosen value and requires one', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    renderUi(<SelectHarness onValue={onValue} />);
    const select = screen.getByRole('combobox', { name: /Method/ });
    expect(select).toHaveValue('');
    await user.click(select);
    await user.tab();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    await user.selectOptions(select, 'bitcoin');
    expect(onValue).toHaveBeenLastCalledWith('bitcoin');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });
});

describe('Checkbox', () => {
  it('is named by its label and reports checked state', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [checked, setChecked] = useState(false);
      return <Checkbox label="Remember Me" checked={checked} onChange={setChecked} />;
    }
    renderUi(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Remember Me' });
    expect(box).not.toBeChecked();
    await user.click(screen.getByText('Remember Me'));
    expect(box).toBeChecked();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
  });
});
