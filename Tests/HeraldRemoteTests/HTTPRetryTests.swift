import Foundation
import HeraldRemote
import Testing

@Test func retryAfterIsDigitsOrADateAndNothingElse() {
    #expect(HTTPRetry.retryAfter("5") == 5)
    #expect(HTTPRetry.retryAfter(" 120 ") == 120)
    for junk in ["-5", "nan", "NaN", "inf", "1e9", "0x10", "", "soon", "+3"] {
        #expect(HTTPRetry.retryAfter(junk) == nil, "\(junk)")
    }
    #expect(HTTPRetry.retryAfter("Sat, 21 Nov 2020 09:00:00 GMT") == 0)
}

@Test func aServerCanMakeHeraldWaitLongerButNeverAskSoonerThanTheBackoff() {
    for attempt in 1..<HTTPRetry.maxAttempts {
        let floor = 0.5 * pow(2, Double(attempt - 1))
        #expect(HTTPRetry.wait(afterAttempt: attempt, retryAfter: nil) >= floor)
        #expect(HTTPRetry.wait(afterAttempt: attempt, retryAfter: 0) >= floor)
        #expect(HTTPRetry.wait(afterAttempt: attempt, retryAfter: 20) == 20)
        #expect(HTTPRetry.wait(afterAttempt: attempt, retryAfter: 1e12) == HTTPRetry.maxBackoff)
    }
    // An attempt count from nowhere cannot overflow the power.
    #expect(HTTPRetry.wait(afterAttempt: .max, retryAfter: nil) <= HTTPRetry.maxBackoff)
}

@Test func onlyServerErrorsAndRateLimitsAreAskedAgain() {
    #expect(HTTPRetry.isTransient(500) && HTTPRetry.isTransient(503) && HTTPRetry.isTransient(429))
    // Of the 4xx, only 429 is asked again (the README's remote data).
    for status in [200, 301, 304] + (400..<500).filter({ $0 != 429 }) {
        #expect(!HTTPRetry.isTransient(status), "\(status)")
    }
}
