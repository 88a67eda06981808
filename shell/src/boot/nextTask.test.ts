import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { inTasks, nextTask } from './nextTask';

const withScheduler = (value: unknown) => Object.defineProperty(globalThis, 'scheduler', { value, configurable: true, writable: true });

describe('nextTask', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldToMain = jest.fn(() => Promise.resolve());
    withScheduler({ yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
  });

  it('else resolves in a task of its own: after the microtasks queued before it, on a message to itself', async () => {
    withScheduler(undefined);
    // jsdom has no MessageChannel; the browser's and Node's behave alike here.
    Object.assign(globalThis, { MessageChannel: NodeMessageChannel });
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await Promise.resolve();
    expect(order).toEqual(['microtask']);
    await done;
    expect(order).toEqual(['microtask', 'next task']);
  });
});

describe('inTasks', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('runs the steps in order, each after the last has finished, with a new task between each', async () => {
    const order: string[] = [];
    withScheduler({ yield: () => Promise.resolve(order.push('yield')).then(() => undefined) });
    await inTasks([
      async () => {
        await Promise.resolve();
        order.push('api client');
      },
      () => order.push('react-dom'),
    ]);
    expect(order).toEqual(['api client', 'yield', 'react-dom', 'yield']);
  });

  it('stops at a step that fails, and says so', async () => {
    withScheduler({ yield: () => Promise.resolve() });
    const after = jest.fn();
    await expect(inTasks([() => Promise.reject(new Error('chunk failed')), after])).rejects.toThrow('chunk failed');
    expect(after).not.toHaveBeenCalled();
  });
});
