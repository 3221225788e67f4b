import Foundation

#if !canImport(ObjectiveC)
/// Core Foundation's true, which Linux Foundation does not export. Apple's Core Animation
/// Programming Guide disables actions with it:
///
/// ```swift
/// CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
/// ```
public let kCFBooleanTrue: NSNumber! = NSNumber(value: true)

/// Core Foundation's false, which Linux Foundation does not export.
public let kCFBooleanFalse: NSNumber! = NSNumber(value: false)
#endif
