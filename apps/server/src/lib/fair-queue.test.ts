import { describe, expect, it } from 'vitest';
import { createFairQueue, type FairQueueEvent } from './fair-queue.js';

/** A job that runs until `release()` is called. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => done, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('fair queue', () => {
  it('starts another owner’s job at the first slot that frees, however many jobs the first owner queued', async () => {
    const events: FairQueueEvent[] = [];
    const queue = createFairQueue(2, (e) => events.push(e));
    const a = Array.from({ length: 6 }, () => held());
    const doneA = a.map((job) => queue.run('a', job.work));
    const b = held();
    const doneB = queue.run('b', b.work);
    await tick();
    const started = () => events.filter((e) => e.type === 'started').map((e) => e.owner);
    expect(started()).toEqual(['a', 'a']);
    a[0]!.release();
    await tick();
    expect(started()).toEqual(['a', 'a', 'b']);
    // Then turns: b has nothing more, so a's queue runs on.
    for (const job of a.slice(1)) job.release();
    b.release();
    await Promise.all([...doneA, doneB]);
    expect(started()).toEqual(['a', 'a', 'b', 'a', 'a', 'a', 'a']);
  });

  it('never runs more than its slots, takes turns between owners with jobs waiting, and passes results and errors', async () => {
    const queue = createFairQueue(1);
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const job = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(name);
      await tick();
      running--;
      if (name === 'b2') throw new Error('broken');
      return name;
    };
    const results = await Promise.allSettled([
      queue.run('a', job('a1')),
      queue.run('a', job('a2')),
      queue.run('a', job('a3')),
      queue.run('b', job('b1')),
      queue.run('b', job('b2')),
      queue.run('c', job('c1')),
    ]);
    expect(most).toBe(1);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'a1' });
    expect(results[4]).toMatchObject({ status: 'rejected', reason: { message: 'broken' } });
  });
});
