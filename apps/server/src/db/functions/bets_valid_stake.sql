-- bets_valid_stake: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: none (issue 26).

-- The eligibility policy: how much of a bets row's stake counts as valid turnover. Decided once,
-- when the row is written, by every writer (seamless_apply and its batch forms, the seamless
-- rounds trigger, BetsService.recordSettlement(s) for in-house and lottery), and read by every
-- consumer through bets.valid_stake: bonus wagering, rebate, points, missions, VIP, referral,
-- agent salaries and dividends, cashback.
-- A settled line counts the money it put at risk, least(stake, |payout − stake|), as Asian
-- operators count 有效投注 (valid bet): a loss counts its stake; a win counts what it won, so a
-- bet at odds below 2 counts only the fraction above its stake (odds 1.01 count 1 %), and a push
-- (a tie, a blackjack stand-off) counts nothing. Opposite bets settled in one line (roulette red
-- and black, baccarat player and banker, sic bo big and small, every lottery number of a draw)
-- net out and count only what the line won or lost. Dice "over 0.01" (99.99 % to win 0.99×)
-- counted its full stake before: a 100 % deposit bonus was wagered through in 11 bets at ~1 % cost.
-- Trial (play-money) lines count nothing. Called on a line alone, a correcting line (negative
-- stake) takes back its stake in full.
-- Vendor (seamless) rounds are written per call, and a round's rows together count the round's
-- valid stake: each row carries what its call changed, bets_valid_stake(round after) −
-- bets_valid_stake(round before), on the round's net stake (bets less refunds) and wins
-- (seamless_apply and its batch form; the rollback trigger writes the round's value less what its
-- rows already counted). A bet counts its stake when debited; the win that follows takes back what
-- the round did not put at risk (a negative valid stake): red and black at a vendor's roulette
-- count what the round lost, as in-house.
CREATE OR REPLACE FUNCTION bets_valid_stake(p_stake bigint, p_payout bigint, p_trial boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_trial THEN 0
    WHEN p_stake <= 0 THEN p_stake
    ELSE least(p_stake, abs(p_payout - p_stake))
  END
$$;
