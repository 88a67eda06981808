import startupInTasks from './startupInTasks';
import { nextTask } from '../boot/nextTask';

jest.mock('../boot/nextTask', () => ({ nextTask: jest.fn(() => Promise.resolve()) }));

type Hook = (args: { pkgName: string }) => Promise<{ pkgName: string }>;

describe('startupInTasks (federation runtime plugin)', () => {
  let now = 1000;
  beforeEach(() => {
    jest.mocked(nextTask).mockClear();
    jest.spyOn(performance, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('lets the first shared module wait for a new task, the next ones in the same slice go on, and one after the slice waits again', async () => {
    const hook = startupInTasks().beforeLoadShare as unknown as Hook;
    const react = { pkgName: 'react' };
    await expect(hook(react)).resolves.toBe(react);
    expect(nextTask).toHaveBeenCalledTimes(1);
    now += 10;
    await expect(hook({ pkgName: 'jotai' })).resolves.toEqual({ pkgName: 'jotai' });
    expect(nextTask).toHaveBeenCalledTimes(1);
    now += 25;
    await hook({ pkgName: 'styled-components' });
    expect(nextTask).toHaveBeenCalledTimes(2);
  });

  it('is named, and touches no other hook of the runtime', () => {
    const plugin = startupInTasks();
    expect(plugin.name).toBe('halcyon-startup-in-tasks');
    expect(Object.keys(plugin).sort()).toEqual(['beforeLoadShare', 'name']);
  });
});
