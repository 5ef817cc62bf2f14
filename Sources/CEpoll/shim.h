// Linux's epoll and eventfd, which Swift's Glibc module does not include: `layoutc serve`'s
// socket pool (Sources/LayoutServer/EpollSocketPool.swift) waits with them. Nothing to link.
#if defined(__linux__)
#include <sys/epoll.h>
#include <sys/eventfd.h>
#endif
