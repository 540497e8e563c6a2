export { startVacation, endVacation, operatorEndVacation, NOT_ON_VACATION, ALREADY_ON_VACATION } from './vacation.command';
export { ON_VACATION } from './fair-play-checks';
export { fairPlayPlayers, fairPlayStanding, fairPlayView, markersFor, vacationView, type FairPlayStanding, type FairPlayView, type VacationView } from '../../queries/fair-play.query';
