/* eslint-disable @typescript-eslint/naming-convention */
interface old_iface {}
const y_z: number = 1;
