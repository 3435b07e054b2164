#ifndef CSYSTEM_SHIM_H
#define CSYSTEM_SHIM_H

/* C library headers the Glibc module does not bring in: extended attributes, file-system
   statistics, and the GNU extensions of posix_spawn. Part of the C library itself; nothing extra
   is linked. */
#include <sys/xattr.h>
#include <sys/vfs.h>
#include <spawn.h>
/* malloc_trim(3): a long-running service gives freed memory back to the system. */
#include <malloc.h>

/* GNU extensions (glibc 2.26 and 2.29), declared here because <spawn.h> shows them only under
   _GNU_SOURCE, which the Glibc module is not built with. */
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);

/* POSIX_SPAWN_SETSID: start the child in a new session, detached from our terminal. */
static inline short csystem_spawn_setsid_flag(void) { return 0x80; }

static inline int csystem_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

/* renameat2 (glibc 2.28), declared by <stdio.h> only under _GNU_SOURCE, and its RENAME_NOREPLACE
   flag from <linux/fs.h>: a rename that fails with EEXIST instead of replacing the target. */
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
static inline unsigned int csystem_rename_noreplace(void) { return 1; }

/* pipe2 (glibc 2.9), declared by <unistd.h> only under _GNU_SOURCE: a pipe whose ends are
   close-on-exec from the start, so that a child spawned on another thread never inherits one. */
extern int pipe2(int pipefd[2], int flags);

/* pidfd_open (glibc 2.36, Linux 5.3): a descriptor that polls readable when a child exits, so an
   event loop reaps its children without a SIGCHLD handler. */
#include <sys/pidfd.h>
#include <sys/socket.h>

/* The process ID of a Unix socket's peer (SO_PEERCRED), or -1. struct ucred is declared by
   <sys/socket.h> only under _GNU_SOURCE, hence this layout-equal local. */
static inline int csystem_peer_pid(int socket, unsigned int *uid) {
    struct { int pid; unsigned int uid; unsigned int gid; } credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(socket, SOL_SOCKET, 17 /* SO_PEERCRED */, &credentials, &length) != 0) return -1;
    if (uid) *uid = credentials.uid;
    return credentials.pid;
}

/* The birth (creation) time of a file by statx(2) (Linux 4.11), following links: 1 with the time,
   0 when the file system does not record it, -1 when the file cannot be examined. Called through
   syscall(2), since the C library declares statx only under _GNU_SOURCE. */
#include <linux/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <fcntl.h>
static inline int csystem_birth_time(const char *path, long long *seconds, unsigned int *nanoseconds) {
    struct statx info;
    if (syscall(SYS_statx, AT_FDCWD, path, 0, STATX_BTIME, &info) != 0) return -1;
    if (!(info.stx_mask & STATX_BTIME)) return 0;
    *seconds = (long long)info.stx_btime.tv_sec;
    *nanoseconds = info.stx_btime.tv_nsec;
    return 1;
}

/* getxattrat(2) (Linux 6.13): the size of attribute `name` of the entry `path` of the open
   directory `directory` (following links), as getxattr(2) gives it for the whole path, without
   walking the path again from the root. Called through syscall(2), since the C library does not
   declare it; its number is the same on every architecture. -1 with errno ENOSYS on an older
   kernel. */
struct csystem_xattr_args { unsigned long long value; unsigned int size; unsigned int flags; };
static inline long csystem_getxattrat_size(int directory, const char *path, const char *name) {
    struct csystem_xattr_args arguments = { 0, 0, 0 };
    return syscall(464 /* __NR_getxattrat */, directory, path, 0, name, &arguments, sizeof arguments);
}

/* A directory opened only as the starting point of later lookups (O_PATH, Linux 2.6.39): the
   path `path`, relative to the open directory `directory` (or AT_FDCWD), must name a directory;
   search permission on the way is all it takes, nothing is read. -1 with errno on failure.
   O_PATH is declared by <fcntl.h> only under _GNU_SOURCE, hence its internal name. */
#include <fcntl.h>
static inline int csystem_open_lookup_directory(int directory, const char *path) {
    return openat(directory, path, __O_PATH | O_DIRECTORY | O_CLOEXEC);
}

/* A descriptor that reads as readable when one of `signals` arrives (signalfd(2), Linux 2.6.22),
   the signals blocked for the calling thread (and the threads it starts later), so that a service
   polls for its end instead of running a handler. -1 with errno on failure. <sys/signalfd.h> is
   not part of the Glibc module. */
#include <signal.h>
#include <sys/signalfd.h>
static inline int csystem_signal_descriptor(const int *signals, int count) {
    sigset_t set;
    sigemptyset(&set);
    for (int index = 0; index < count; index++) sigaddset(&set, signals[index]);
    if (pthread_sigmask(SIG_BLOCK, &set, 0) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

#endif
