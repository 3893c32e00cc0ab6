import RegisterSection from '../sections/register.tsx';
import '../agent.css';

/** Member centre › registerCenter (SPEC §2, agents): the agent centre's registration of a direct downline. */
export default function RegisterCenterPage() {
  return <RegisterSection />;
}
