import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MembersService } from '../members/service.ts';
import type { SystemService } from '../system/service.ts';
import { OperatorService } from './operators.ts';
import { SessionService } from './sessions.ts';

export interface AuthDeps {
  system: SystemService;
  members: MembersService;
}

/** Sign-in for members and operators: sessions, operators, and the login flows. */
export class AuthService {
  readonly sessions: SessionService;
  readonly operators: OperatorService;

  constructor(
    readonly db: Db,
    readonly config: Config,
    readonly deps: AuthDeps,
  ) {
    this.sessions = new SessionService(db, config);
    this.operators = new OperatorService(db);
  }
}
