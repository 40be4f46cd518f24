// What the other rooms use of the kitchen's: what a paired screen asks of the host stand's file.
export type { HostStandRequest } from './display-board.js';
