import type { LotteryService } from '../modules/lottery/service.ts';
import type { JobDefinition } from './scheduler.ts';

const DAY_MS = 86_400_000;

/**
 * One job per lottery game whose periods END at the game's draw times (issue 15): a fast game's
 * period is its interval, a daily game's period a day aligned to its draw time (on days without a
 * draw the run finds nothing due). The run draws and settles every due draw of the game (missed
 * ones too, so `catchUp` is not needed) and keeps the next draws, with their seed hashes, ready.
 */
export function lotteryDrawJobs(lottery: LotteryService): JobDefinition[] {
  return lottery.games.map((game) => {
    const s = game.schedule;
    const timing =
      s.kind === 'every'
        ? { periodMs: s.seconds * 1000, utcOffsetMinutes: 0 }
        : // Periods start at the draw's UTC minute of the day: draw at 11:15 UTC → offset −675.
          { periodMs: DAY_MS, utcOffsetMinutes: -(s.ictMinute - 7 * 60) };
    return {
      name: `lottery-draw-${game.gameCode.toLowerCase().replace(/_/g, '-')}`,
      ...timing,
      run: async (ctx) => {
        const done = await lottery.draws.runDue(game, ctx.periodEnd, (tx) => ctx.assertOwner(tx));
        await lottery.draws.ensureDraws(game, ctx.periodEnd);
        return done;
      },
    };
  });
}

/**
 * The official results feed (issue 28): every LOTTERY_RESULTS_FEED_SECONDS, asks the feed for
 * each official draw past its time still without a result. Registered only when a feed is
 * configured; a draw the feed has nothing for keeps waiting.
 */
export function lotteryResultsFeedJob(lottery: LotteryService, periodSeconds: number): JobDefinition {
  return {
    name: 'lottery-results-feed',
    periodMs: periodSeconds * 1000,
    utcOffsetMinutes: 0,
    run: () => lottery.official.pollFeed(),
  };
}
