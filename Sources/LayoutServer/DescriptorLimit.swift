import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open file descriptors (RLIMIT_NOFILE), which bounds how many
/// connections the server can hold. Each costs one; a third of the descriptors past the reserve
/// leaves the rest for the files requests read (a snapshot, its imports, lint configurations)
/// and for connections SwiftNIO accepts before the table admits or refuses them.
enum DescriptorLimit {
    /// Descriptors kept for everything but connections: standard streams, the listening socket,
    /// SwiftNIO's event loops (epoll, eventfd and timerfd each), files read for a request.
    static let reserve = 64

    /// Raises the soft limit to the hard one (macOS's default soft limit is 256, Linux's 1024,
    /// while the hard limits are far higher); returns the soft limit now in force.
    @discardableResult
    static func raiseSoftLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        var wanted = limit.rlim_max
        #if canImport(Darwin)
        // macOS refuses an unlimited soft limit; OPEN_MAX is what it accepts.
        wanted = min(wanted, rlim_t(OPEN_MAX))
        #endif
        if wanted > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur > rlim_t(Int32.max) ? Int(Int32.max) : Int(limit.rlim_cur)
    }

    /// The connections the server holds at once under a soft limit of `limit` descriptors.
    static func connectionCapacity(limit: Int) -> Int {
        max(4, (limit - reserve) / 3)
    }

    #if canImport(Glibc)
    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
    #else
    private static var resource: Int32 { RLIMIT_NOFILE }
    #endif
}
