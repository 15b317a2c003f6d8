/* SPDX-License-Identifier: GPL-2.0-or-later */
/* env import and env export (commands/envio.c), for the env command
 * (commands/env.c): argv[0] is "import" / "export". U-Boot's status:
 * 0, 1, or a negative errno after the usage. */
#ifndef COMMON_ENVCMD_H
#define COMMON_ENVCMD_H

int env_cmd_import(int argc, char *const argv[]);
int env_cmd_export(int argc, char *const argv[]);

#endif
