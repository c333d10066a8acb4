/// Which coordinators' providers the current task is running inside of.
///
/// A provider that asks its own coordinator for a credential would wait for the very fetch it is part of,
/// forever. The provider runs with its coordinator's identity added here, and the coordinator refuses
/// requests from inside it. Unstructured tasks inherit task-local values, so this also catches a cycle
/// through a second coordinator whose provider calls back into the first.
enum ProviderCallContext {
    @TaskLocal static var coordinators: [UInt64] = []
}
