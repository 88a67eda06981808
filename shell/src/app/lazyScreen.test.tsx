import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@halcyon/shared-ui';
import { lazyScreen } from './lazyScreen';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyScreen', () => {
  it('shows the loading state until the code arrives, then the screen with its props', async () => {
    let arrive: (m: { Hello: typeof Hello }) => void = () => undefined;
    const Screen = lazyScreen(() => new Promise<{ Hello: typeof Hello }>((r) => (arrive = r)), (m) => m.Hello);
    render(
      <ThemeProvider theme={theme}>
        <Screen name="Ada" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Hello Ada')).not.toBeInTheDocument();
    arrive({ Hello });
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('tries again after a failed download', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Hello });
    const Screen = lazyScreen(load, (m: { Hello: typeof Hello }) => m.Hello);
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders at once after preload, loading the module once', async () => {
    const load = jest.fn(async () => ({ Hello }));
    const Screen = lazyScreen(load, (m) => m.Hello);
    await Screen.preload();
    await Screen.preload();
    render(<Screen name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
