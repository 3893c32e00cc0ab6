-- Agents (issue 12): contracts between an upline and a DIRECT downline (or the platform and a
-- top-level agent), what each period paid, and the real-time salary accruals fed by the bets record.
--
-- The tree itself stays where it is: members.parent_id (adjacency, indexed) for walking one level
-- or a subtree of members, and bets.upline_path (materialised path, GIN) for everything about
-- play. We chose not to add a closure table: every team figure the agent area shows is about bets,
-- and the bets record already carries each bet's path, so one GIN lookup finds a team's bets at
-- any depth; member lists are one level at a time (drill down), where parent_id is exact.
CREATE TABLE agent_contracts (
  id serial PRIMARY KEY,
  -- NULL: the platform pays (a top-level agent's contract, set by the operator or the seed).
  upline_id integer REFERENCES members(id),
  member_id integer NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME')),
  status text NOT NULL DEFAULT 'offered' CHECK (status IN ('offered', 'active', 'rejected', 'ended')),
  -- REALTIME: hundredths of a percent (150 = 1.50 %).
  rate_bp integer CHECK (rate_bp IS NULL OR (rate_bp > 0 AND rate_bp <= 10000)),
  -- Tiers: [{minValidBet, minNetLoss, minActiveMembers (paisa / count), rateBp}].
  tiers jsonb NOT NULL DEFAULT '[]',
  -- The highest rate the contract can pay: what caps and auto-end compare.
  max_rate_bp integer NOT NULL CHECK (max_rate_bp > 0 AND max_rate_bp <= 10000),
  pay_period text CHECK (pay_period IN ('DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY')),
  -- Depth of the downline (1 = top-level): a period pays shallow contracts first, so an upline
  -- has received its own pay before it pays below.
  level integer NOT NULL,
  termination_by text CHECK (termination_by IN ('upline', 'downline')),
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  ended_at timestamptz,
  end_reason text,
  CHECK (upline_id IS NULL OR upline_id <> member_id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX agent_contracts_one_active ON agent_contracts (member_id, kind) WHERE status = 'active';
--> statement-breakpoint
CREATE UNIQUE INDEX agent_contracts_one_offer ON agent_contracts (member_id, kind) WHERE status = 'offered';
--> statement-breakpoint
CREATE INDEX agent_contracts_upline_idx ON agent_contracts (upline_id, kind, status);
--> statement-breakpoint
CREATE INDEX agent_contracts_kind_idx ON agent_contracts (kind, status);
--> statement-breakpoint
-- One row per (contract, period), whatever happens: the settlement inserts it in the same
-- transaction as the ledger posting keyed contract:<id>:<period>.
CREATE TABLE agent_payouts (
  id bigserial PRIMARY KEY,
  contract_id integer NOT NULL REFERENCES agent_contracts(id),
  member_id integer NOT NULL,
  payer_id integer,
  kind text NOT NULL,
  period text NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  valid_bet bigint NOT NULL DEFAULT 0,
  net_loss bigint NOT NULL DEFAULT 0,
  active_members integer NOT NULL DEFAULT 0,
  rate_bp integer NOT NULL DEFAULT 0,
  amount bigint NOT NULL CHECK (amount >= 0),
  carried_in bigint NOT NULL DEFAULT 0 CHECK (carried_in >= 0),
  carried_out bigint NOT NULL DEFAULT 0 CHECK (carried_out >= 0),
  status text NOT NULL CHECK (status IN ('paid', 'pending', 'none')),
  attempts integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  UNIQUE (contract_id, period)
);
--> statement-breakpoint
CREATE INDEX agent_payouts_member_idx ON agent_payouts (member_id, kind, period_start DESC);
--> statement-breakpoint
CREATE INDEX agent_payouts_payer_idx ON agent_payouts (payer_id, kind, period_start DESC);
--> statement-breakpoint
CREATE INDEX agent_payouts_pending_idx ON agent_payouts (kind, id) WHERE status = 'pending';
--> statement-breakpoint
-- Real-time salary: valid bet per contract and 5-minute period, added by the bets-record consumer
-- in the transaction that moves its high-water mark (so each bet counts once).
CREATE TABLE agent_realtime_accruals (
  contract_id integer NOT NULL REFERENCES agent_contracts(id),
  period_start timestamptz NOT NULL,
  valid_bet bigint NOT NULL,
  PRIMARY KEY (contract_id, period_start)
);
--> statement-breakpoint
-- What happened to a contract, addressed to the member who should hear of it (the platform
-- message of an auto-ended contract, an offer to answer, a termination to confirm).
CREATE TABLE agent_contract_events (
  id serial PRIMARY KEY,
  contract_id integer NOT NULL REFERENCES agent_contracts(id),
  member_id integer NOT NULL,
  event text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
--> statement-breakpoint
CREATE INDEX agent_contract_events_member_idx ON agent_contract_events (member_id, id DESC);
